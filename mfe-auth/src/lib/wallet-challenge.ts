import type { WalletChallenge } from '@starforge/contracts';
import { requestJson } from '@starforge/host';

/** POST /api/auth/wallet/nonce: a single-use challenge for the address to sign. */
export const requestWalletChallenge = (address: string): Promise<WalletChallenge> =>
  requestJson<WalletChallenge>('/api/auth/wallet/nonce', { method: 'POST', json: { address } });
