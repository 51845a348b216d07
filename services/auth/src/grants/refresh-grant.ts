import type { Context } from 'hono';
import type { Session } from '@starforge/contracts';
import { rotateRefreshToken } from '../domain/refresh-tokens';
import type { AuthDeps } from '../deps';
import { refreshTokenReused, sessionNotFound } from '../http/auth-errors';
import { clearRefreshCookie, readRefreshCookie } from '../http/refresh-cookie';
import { sessionResponse } from '../http/session-response';

/** The refresh cookie for a new session and a rotated cookie; any refusal also clears the cookie. */
export const refreshGrant = async (c: Context, deps: AuthDeps): Promise<Session> => {
  const token = readRefreshCookie(c);
  const result = token ? await rotateRefreshToken(deps.sql, token) : ({ kind: 'not_found' } as const);
  if (result.kind !== 'rotated') {
    clearRefreshCookie(c);
    throw result.kind === 'reused' ? refreshTokenReused() : sessionNotFound();
  }
  return sessionResponse(c, deps, result);
};
