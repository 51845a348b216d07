import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import { authErrorCodes, errorCodes } from '@starforge/contracts';
import type { Sql } from '../db';
import { errorBody } from '../errors';
import { AccessTokenError, bearerToken, verifyAccessTokenWithExpiry, type AccessTokenKeys, type AuthenticatedUser } from './access-token';
import { VerifiedTokenCache } from './verified-token-cache';
import { isSessionActive } from './active-session';
import { readAuthJwksUrl } from './env';
import { remoteKeySet } from './remote-jwks';

export type AuthEnv = { Variables: { user: AuthenticatedUser } };

export interface RequireUserOptions {
  /** The service's pool; it reads `auth.active_sessions`. */
  sql: Sql;
  /** Public keys that sign access tokens. Default: the auth service's JWKS at `AUTH_JWKS_URL`. */
  keys?: AccessTokenKeys;
  /**
   * When to confirm that the token's session is still signed in. `writes` (default): for any
   * request other than GET/HEAD, so a signed-out token can no longer change anything while reads
   * stay one signature check. `always`: on every request.
   */
  sessionCheck?: 'writes' | 'always';
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const challenge = { 'WWW-Authenticate': 'Bearer error="invalid_token"' };

/**
 * Requires a valid access token and sets `c.var.user` ({ id, email, sessionId }). Answers 401
 * `invalid_jwt` for a missing, altered or expired token, 401 `session_not_found` for a token
 * whose session was signed out, 503 when the keys cannot be fetched. It answers by itself (no
 * thrown error), so it works in any Hono app.
 */
export const requireUser = (options: RequireUserOptions): MiddlewareHandler<AuthEnv> => {
  let keys = options.keys;
  const sessionCheck = options.sessionCheck ?? 'writes';
  const verified = new VerifiedTokenCache();
  return createMiddleware<AuthEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) return c.json(errorBody(authErrorCodes.invalidJwt, 'Authentication required'), 401, challenge);
    keys ??= remoteKeySet(readAuthJwksUrl());
    let user = verified.get(token);
    if (!user) {
      try {
        const result = await verifyAccessTokenWithExpiry(token, keys);
        user = result.user;
        verified.set(token, user, result.expiresAt);
      } catch (error) {
        if (error instanceof AccessTokenError && error.kind === 'invalid') return c.json(errorBody(authErrorCodes.invalidJwt, error.message), 401, challenge);
        console.error('access token keys unavailable', error);
        return c.json(errorBody(errorCodes.unavailable, 'Sign-in could not be checked. Please try again.'), 503);
      }
    }
    if ((sessionCheck === 'always' || !READS.has(c.req.method)) && !(await isSessionActive(options.sql, user))) {
      return c.json(errorBody(authErrorCodes.sessionNotFound, 'Your session has ended. Please sign in again.'), 401, challenge);
    }
    c.set('user', user);
    await next();
  });
};
