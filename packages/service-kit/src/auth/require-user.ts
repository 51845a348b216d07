import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import { authErrorCodes } from '@starforge/contracts/auth';
import { errorCodes } from '@starforge/contracts/shared';
import type { Sql } from '../db';
import { errorBody } from '../errors';
import { AccessTokenError, bearerToken, verifyAccessTokenWithExpiry, type AccessTokenKeys, type AuthenticatedUser } from './access-token';
import { VerifiedTokenCache } from './verified-token-cache';
import { isSessionActive } from './active-session';
import { liveSessionsOf, type LiveSessions } from './live-sessions';
import { readAuthJwksUrls } from './env';
import { remoteKeySet } from './remote-jwks';

export type AuthEnv = { Variables: { user: AuthenticatedUser } };

export interface RequireUserOptions {
  /** The service's pool; it reads `auth.active_sessions`. */
  sql: Sql;
  /** Public keys that sign access tokens. Default: the auth service's JWKS at `AUTH_JWKS_URL` (any of its copies). */
  keys?: AccessTokenKeys;
  /**
   * How every request confirms that the token's session is still signed in.
   * `live-set` (default): through the process's set of sessions seen live (`LiveSessions`: no
   * round trip when the session is known live, dropped by the `session.ended` event), for reads
   * and for the writes that confirm the session again inside their own transaction
   * (`idempotentRoute`); any other write asks `auth.active_sessions`.
   * `always`: every request asks the database (the auth service, the events stream).
   */
  sessionCheck?: 'live-set' | 'always';
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const challenge = { 'WWW-Authenticate': 'Bearer error="invalid_token"' };

/** Requests whose route confirms the session inside its transaction, with the set to tell. */
const confirmedInTransaction = new WeakMap<Request, LiveSessions | null>();

/**
 * Marks a write whose session is confirmed inside its own transaction (the idempotency gate):
 * `requireUser` then trusts the live set for it as for a read. `idempotentRoute` puts it first.
 */
export const sessionConfirmedInTransaction: MiddlewareHandler = async (c, next) => {
  confirmedInTransaction.set(c.req.raw, null);
  await next();
};

/**
 * For a request marked by `sessionConfirmedInTransaction` that `requireUser` let through: the
 * live set to tell what the transaction found (`undefined` when the session needs no check in
 * the transaction: no mark, or no `requireUser`).
 */
export const sessionToConfirm = (request: Request): LiveSessions | undefined => confirmedInTransaction.get(request) ?? undefined;

/**
 * Requires a valid access token and sets `c.var.user` ({ id, email, sessionId }). Answers 401
 * `invalid_jwt` for a missing, altered or expired token, 401 `session_not_found` for a token
 * whose session was signed out, 503 when no copy of the auth service gives the keys, even after
 * brief retries (remote-jwks.ts). It answers by itself (no thrown error), so it works in any Hono app.
 */
export const requireUser = (options: RequireUserOptions): MiddlewareHandler<AuthEnv> => {
  let keys = options.keys;
  const sessionCheck = options.sessionCheck ?? 'live-set';
  const verified = new VerifiedTokenCache();
  const sessionLive = async (request: Request, user: AuthenticatedUser): Promise<boolean> => {
    if (sessionCheck === 'always') return isSessionActive(options.sql, user);
    const live = liveSessionsOf(options.sql);
    if (READS.has(request.method)) return live.check(user);
    if (confirmedInTransaction.has(request)) {
      confirmedInTransaction.set(request, live);
      return live.check(user);
    }
    // Any other write asks the database: it has no transaction of the kit's to confirm it in.
    return live.ask(user);
  };
  return createMiddleware<AuthEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) return c.json(errorBody(authErrorCodes.invalidJwt, 'Authentication required'), 401, challenge);
    keys ??= remoteKeySet(readAuthJwksUrls());
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
    if (!(await sessionLive(c.req.raw, user))) {
      return c.json(errorBody(authErrorCodes.sessionNotFound, 'Your session has ended. Please sign in again.'), 401, challenge);
    }
    c.set('user', user);
    await next();
  });
};
