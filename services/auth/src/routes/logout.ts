import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { decodeJwt } from 'jose';
import { REFRESH_TOKEN_TTL_SECONDS, signOutScopeSchema } from '@starforge/contracts/auth';
import { AccessTokenError, bearerSecurity, bearerToken, createRouter, errorResponse, verifyAccessToken } from '@starforge/service-kit';
import { invalidJwt, sessionNotFound } from '../domain/errors';
import { sessionOfRefreshToken } from '../domain/refresh-tokens';
import { revokeSessions } from '../domain/sessions';
import type { AuthDeps } from '../deps';
import { clearSessionCookies, readRefreshCookie } from './session-cookies';

const logoutRoute = createRoute({
  method: 'post',
  path: '/logout',
  tags: ['auth'],
  summary: 'Sign out: this session (local), all sessions (global) or all but this one (others)',
  security: bearerSecurity,
  request: { query: z.object({ scope: signOutScopeSchema.default('global') }) },
  responses: {
    204: { description: 'Signed out; the refresh cookie and the session hint are cleared unless scope is others' },
    401: errorResponse('invalid_jwt for a malformed token; session_not_found when no session can be identified (global, others)'),
  },
});

const isMalformed = (token: string): boolean => {
  try {
    decodeJwt(token);
    return false;
  } catch {
    return true;
  }
};

/**
 * The session to sign out: the access token's, even expired (a tab that slept still signs
 * out), else the refresh cookie's. A token that is not a JWT at all is refused.
 */
const sessionToEnd = async (c: Context, deps: AuthDeps): Promise<{ sessionId: string; userId: string } | null> => {
  const header = c.req.header('authorization');
  const token = bearerToken(header);
  if (header && (!token || isMalformed(token))) throw invalidJwt();
  if (token) {
    try {
      const { keys } = deps;
      const user = await verifyAccessToken(token, (h, t) => keys().then((k) => k.verifyKeys(h, t)), { expiredGraceSeconds: REFRESH_TOKEN_TTL_SECONDS });
      return { sessionId: user.sessionId, userId: user.id };
    } catch (error) {
      if (!(error instanceof AccessTokenError && error.kind === 'invalid')) throw error;
    }
  }
  const refresh = readRefreshCookie(c);
  return refresh ? sessionOfRefreshToken(deps.sql, refresh) : null;
};

export const logoutRoutes = (deps: AuthDeps) =>
  createRouter().openapi(logoutRoute, async (c) => {
    const { scope } = c.req.valid('query');
    if (scope !== 'others') clearSessionCookies(c, deps.config);
    const session = await sessionToEnd(c, deps);
    if (session) await revokeSessions(deps.sql, scope, session);
    else if (scope !== 'local') throw sessionNotFound();
    return c.body(null, 204);
  });
