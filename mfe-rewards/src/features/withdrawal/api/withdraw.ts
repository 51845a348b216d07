import type { WithdrawalAccepted } from '@starforge/contracts/rewards';
import { authClient, useAction } from '@starforge/host';

/** POST /api/rewards/withdrawals with an Idempotency-Key: holds the cash (pending); a server job sends it ~3 s later. */
const withdraw = (walletAddress: string, amount: string, idempotencyKey: string): Promise<WithdrawalAccepted> =>
  authClient.authed<WithdrawalAccepted>('/api/rewards/withdrawals', { method: 'POST', json: { wallet_address: walletAddress, amount }, idempotencyKey });

/** Withdraw, single flight, with one Idempotency-Key per press (kept on its retries, and on a press again after an unknown outcome). */
export const useWithdraw = () => useAction(({ idempotencyKey }, walletAddress: string, amount: string) => withdraw(walletAddress, amount, idempotencyKey));
