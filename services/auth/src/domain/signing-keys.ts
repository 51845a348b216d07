import { hkdfSync } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, createLocalJWKSet, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import { transaction, type AccessTokenKeys, type Db } from '@starforge/service-kit';
import type { SigningKeyJwk } from '../config/env';

export const SIGNING_ALGORITHM = 'EdDSA';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** The public keys, as served at /.well-known/jwks.json. */
  jwks: JSONWebKeySet;
  /** Resolves a token's `kid` to one of our public keys. */
  verifyKeys: AccessTokenKeys;
  /** The HMAC key of device cookies (`device-tokens.ts`), derived from the signing key, so it needs no setting of its own. */
  deviceKey: Buffer;
}

/** Loads the keys once (on first use) and hands the same ones to every later caller. */
export type SigningKeyStore = () => Promise<SigningKeys>;

const publicJwk = (jwk: JWK, kid: string): JWK => ({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid, alg: SIGNING_ALGORITHM, use: 'sig' });

// A key for another purpose is derived, not reused: HKDF with its own label (RFC 5869).
const deriveDeviceKey = (privateJwk: JWK): Buffer => {
  if (!privateJwk.d) throw new Error('The signing key has no private part');
  return Buffer.from(hkdfSync('sha256', Buffer.from(privateJwk.d, 'base64url'), Buffer.alloc(0), 'starforge device cookie v1', 32));
};

const toSigningKeys = async (privateJwk: JWK, kid: string, published: JWK[]): Promise<SigningKeys> => {
  const privateKey = (await importJWK(privateJwk, SIGNING_ALGORITHM)) as CryptoKey;
  const jwks = { keys: published };
  return { kid, privateKey, jwks, verifyKeys: createLocalJWKSet(jwks), deviceKey: deriveDeviceKey(privateJwk) };
};

const fromEnv = async (jwk: SigningKeyJwk): Promise<SigningKeys> => {
  const kid = jwk.kid ?? (await calculateJwkThumbprint(jwk));
  return toSigningKeys(jwk, kid, [publicJwk(jwk, kid)]);
};

/**
 * The newest key in `auth.signing_keys`, made on first start. An advisory lock makes two
 * processes starting together agree on one key instead of each making its own.
 */
const fromDatabase = async (db: Db): Promise<SigningKeys> => {
  const rows = await transaction(db, async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('starforge.auth.signing_keys'))`;
    const existing = await tx<{ kid: string; privateJwk: JWK; publicJwk: JWK }[]>`
      select kid, private_jwk, public_jwk from signing_keys order by created_at desc`;
    if (existing.length > 0) return existing;
    const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
    const privateJwk = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(privateJwk);
    const created = { kid, privateJwk, publicJwk: publicJwk(privateJwk, kid) };
    await tx`
      insert into signing_keys (kid, private_jwk, public_jwk)
      values (${kid}, ${JSON.stringify(privateJwk)}::text::jsonb, ${JSON.stringify(created.publicJwk)}::text::jsonb)`;
    return [created];
  });
  const [newest] = rows;
  if (!newest) throw new Error('No signing key');
  return toSigningKeys(
    newest.privateJwk,
    newest.kid,
    rows.map((r) => r.publicJwk),
  );
};

export const loadSigningKeys = (db: Db, configured: SigningKeyJwk | null): Promise<SigningKeys> => (configured ? fromEnv(configured) : fromDatabase(db));

export const signingKeyStore = (db: Db, configured: SigningKeyJwk | null): SigningKeyStore => {
  let loading: Promise<SigningKeys> | undefined;
  return () => {
    loading ??= loadSigningKeys(db, configured).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
};

/** A store over keys already loaded (the server loads them before it listens). */
export const staticKeyStore =
  (keys: SigningKeys): SigningKeyStore =>
  () =>
    Promise.resolve(keys);
