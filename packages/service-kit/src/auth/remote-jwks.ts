import { createRemoteJWKSet } from 'jose';
import type { AccessTokenKeys } from './access-token';

const sets = new Map<string, AccessTokenKeys>();

/**
 * The auth service's public keys, fetched from its JWKS and cached. One set per URL per
 * process, so every middleware shares the cache and an unknown `kid` (a new key) triggers
 * one refetch, not one per router.
 */
export const remoteKeySet = (url: string): AccessTokenKeys => {
  let set = sets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 3_000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    sets.set(url, set);
  }
  return set;
};
