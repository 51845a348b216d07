import type { SignUpBody, SignUpResult } from '@starforge/contracts/auth';
import { authClient, requestJson } from '@starforge/host';

/**
 * POST /api/auth/signup. With a session in the answer the user is signed in at once; without
 * one (e-mail confirmation configured) the caller says to check the mailbox.
 */
export const signUp = async (body: SignUpBody): Promise<SignUpResult> => {
  const result = await requestJson<SignUpResult>('/api/auth/signup', { method: 'POST', json: { ...body, redirect_to: window.location.origin } });
  if (result.session) authClient.signedIn(result.session);
  return result;
};
