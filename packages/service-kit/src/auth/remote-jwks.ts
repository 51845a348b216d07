import { createRemoteJWKSet, customFetch } from 'jose';
import type { AccessTokenKeys } from './access-token';

const sets = new Map<string, AccessTokenKeys>();

/** One try at one address: a copy that neither answers nor refuses in this time is skipped. */
const ATTEMPT_TIMEOUT_MS = 1_500;
/** Pauses between rounds over every address, so a restart of every copy at once is waited out briefly (~1.75 s) before a 503. */
export const JWKS_RETRY_PAUSES_MS = [250, 500, 1_000] as const;

type FetchJwks = (url: string, options: RequestInit) => Promise<Response>;

/**
 * Asks each address in turn, starting with the last one that answered, until one answers 200;
 * when none does, pauses and goes round again (`pausesMs`), then throws the last failure. So
 * the keys come from any copy that is up, not from one chosen at start.
 */
export const jwksFetchFromAny = (urls: readonly string[], pausesMs: readonly number[] = JWKS_RETRY_PAUSES_MS): FetchJwks => {
  let preferred = 0;
  return async (_url, options) => {
    let failure: unknown;
    for (let round = 0; round <= pausesMs.length; round++) {
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, pausesMs[round - 1]));
      for (let i = 0; i < urls.length; i++) {
        const index = (preferred + i) % urls.length;
        const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]) : AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
        try {
          const response = await fetch(urls[index] as string, { ...options, signal });
          if (response.status === 200) {
            preferred = index;
            return response;
          }
          await response.body?.cancel();
          failure = new Error(`${urls[index]} answered ${response.status}`);
        } catch (error) {
          // The whole fetch ran out of time (jose's own limit): stop here.
          if (options.signal?.aborted) throw error;
          failure = error;
        }
      }
    }
    throw failure;
  };
};

/**
 * The auth service's public keys, fetched from its JWKS and cached. `urls` may name several
 * copies of the auth service (or one load-balanced address): any that answers serves. One set
 * per address list per process, so every middleware shares the cache and an unknown `kid` (a new
 * key) triggers one refetch, not one per router.
 */
export const remoteKeySet = (urls: string | readonly string[], pausesMs: readonly number[] = JWKS_RETRY_PAUSES_MS): AccessTokenKeys => {
  const list = typeof urls === 'string' ? [urls] : urls;
  const first = list[0];
  if (!first) throw new Error('remoteKeySet needs at least one JWKS address');
  const cacheKey = `${list.join(',')} ${pausesMs.join(',')}`;
  let set = sets.get(cacheKey);
  if (!set) {
    set = createRemoteJWKSet(new URL(first), {
      // Covers every round over every address; each address has its own shorter limit.
      timeoutDuration: 10_000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
      [customFetch]: jwksFetchFromAny(list, pausesMs),
    });
    sets.set(cacheKey, set);
  }
  return set;
};
