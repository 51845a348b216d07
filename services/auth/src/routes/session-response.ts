import type { Context } from 'hono';
import type { Session } from '@starforge/contracts/auth';
import { issueSession } from '../domain/access-tokens';
import { sessionNotFound } from '../domain/errors';
import type { OpenedSession } from '../domain/sign-in';
import { loadUser } from '../domain/users';
import type { AuthDeps } from '../deps';
import { clearSessionCookies, setSessionCookies } from './session-cookies';

/** Turns an opened or refreshed session into the client's session and its refresh cookie. */
export const sessionResponse = async (c: Context, deps: Pick<AuthDeps, 'sql' | 'keys' | 'config'>, opened: OpenedSession): Promise<Session> => {
  const user = await loadUser(deps.sql, opened.userId);
  if (!user) {
    clearSessionCookies(c, deps.config);
    throw sessionNotFound();
  }
  const session = await issueSession(deps.keys, user, opened.sessionId);
  setSessionCookies(c, deps.config, opened.refreshToken);
  return session;
};
