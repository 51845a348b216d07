import type { PasswordGrantBody, Session } from '@starforge/contracts/auth';
import { authClient, requestJson } from '@starforge/host';

/** POST /api/auth/token?grant_type=password; the new session is published to the whole page. */
export const signInWithPassword = async (body: PasswordGrantBody): Promise<Session> => {
  const session = await requestJson<Session>('/api/auth/token?grant_type=password', { method: 'POST', json: body });
  authClient.signedIn(session);
  return session;
};
