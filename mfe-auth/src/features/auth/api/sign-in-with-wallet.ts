import type { Session, WalletProofBody } from '@starforge/contracts/auth';
import { authClient, requestJson } from '@starforge/host';

/** POST /api/auth/token?grant_type=wallet with a signed challenge; the session is published to the page. */
export const signInWithWallet = async (proof: WalletProofBody): Promise<Session> => {
  const session = await requestJson<Session>('/api/auth/token?grant_type=wallet', { method: 'POST', json: proof });
  authClient.signedIn(session);
  return session;
};
