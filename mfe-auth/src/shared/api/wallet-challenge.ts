import type { WalletChallenge, WalletProofPurpose } from '@starforge/contracts/auth';
import { requestJson } from '@starforge/host';

/** POST /api/auth/wallet/nonce: a single-use challenge for the address, good for one purpose. */
export const requestWalletChallenge = (address: string, purpose: WalletProofPurpose): Promise<WalletChallenge> =>
  requestJson<WalletChallenge>('/api/auth/wallet/nonce', { method: 'POST', json: { address, purpose } });
