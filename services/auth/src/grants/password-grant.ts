import type { Context } from 'hono';
import { passwordGrantBodySchema, type Session } from '@starforge/contracts';
import { checkPassword } from '../domain/passwords';
import { startSession } from '../domain/sessions';
import { findPasswordAccount } from '../domain/users';
import type { AuthDeps } from '../deps';
import { emailNotConfirmed, invalidCredentials } from '../http/auth-errors';
import { clientInfo } from '../http/client';
import { guardRateLimit } from '../http/rate-limit-guard';
import { readBody } from '../http/read-body';
import { sessionResponse } from '../http/session-response';

/** E-mail and password. An unknown e-mail and a wrong password get the same answer in about the same time. */
export const passwordGrant = async (c: Context, deps: AuthDeps): Promise<Session> => {
  const { email, password } = await readBody(c, passwordGrantBodySchema);
  await guardRateLimit(c, deps, 'sign_in', email);
  const account = await findPasswordAccount(deps.sql, email);
  const matches = await checkPassword(account?.passwordHash ?? null, password);
  if (!account || !matches) throw invalidCredentials();
  if (!account.emailConfirmedAt) throw emailNotConfirmed();
  const opened = await startSession(deps.sql, account.id, clientInfo(c));
  return sessionResponse(c, deps, { userId: account.id, ...opened });
};
