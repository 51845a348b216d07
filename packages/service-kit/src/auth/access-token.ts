import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, accessClaimsSchema } from '@starforge/contracts/auth';

/** Resolves the public key for a token header: a local JWKS in tests, the auth service's JWKS otherwise. */
export type AccessTokenKeys = JWTVerifyGetKey;

/** Who made the request, as the access token says. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  sessionId: string;
}

/**
 * `invalid`: the token is not ours, altered, expired or not a token at all.
 * `unavailable`: the keys could not be fetched, so nothing can be said about the token.
 */
export class AccessTokenError extends Error {
  constructor(
    readonly kind: 'invalid' | 'unavailable',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AccessTokenError';
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export const bearerToken = (header: string | undefined): string | null => BEARER.exec(header ?? '')?.[1] ?? null;

/** Errors that say the key set could not be had (down, slow, a bad answer), not that the token is bad. */
const keyFetchFailed = (error: unknown): boolean =>
  !(error instanceof errors.JOSEError) || error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error.code === 'ERR_JOSE_GENERIC';

/**
 * Verifies an access token: EdDSA only (so neither `none` nor an HMAC signed with the public
 * key passes), our audience and issuer, not expired. `expiredGraceSeconds` lets sign-out accept
 * a token that has run out: it only ever ends the session the token names.
 */
export const verifyAccessToken = async (token: string, keys: AccessTokenKeys, options: { expiredGraceSeconds?: number } = {}): Promise<AuthenticatedUser> =>
  (await verifyAccessTokenWithExpiry(token, keys, options)).user;

/** As verifyAccessToken, with the token's expiry (seconds since the epoch). */
export const verifyAccessTokenWithExpiry = async (
  token: string,
  keys: AccessTokenKeys,
  options: { expiredGraceSeconds?: number } = {},
): Promise<{ user: AuthenticatedUser; expiresAt: number }> => {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      algorithms: ['EdDSA'],
      audience: ACCESS_TOKEN_AUDIENCE,
      issuer: ACCESS_TOKEN_ISSUER,
      requiredClaims: ['exp', 'sub'],
      ...(options.expiredGraceSeconds ? { clockTolerance: options.expiredGraceSeconds } : {}),
    }));
  } catch (error) {
    if (keyFetchFailed(error)) throw new AccessTokenError('unavailable', 'Could not load the keys that sign access tokens', { cause: error });
    throw new AccessTokenError('invalid', 'Invalid or expired access token');
  }
  const claims = accessClaimsSchema.safeParse(payload);
  const expiresAt = (payload as { exp?: unknown }).exp;
  if (!claims.success || typeof expiresAt !== 'number') throw new AccessTokenError('invalid', 'Invalid or expired access token');
  return { user: { id: claims.data.sub, email: claims.data.email, sessionId: claims.data.sid }, expiresAt };
};
