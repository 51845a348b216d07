import type { StakingResult } from '@starforge/contracts/rewards';
import { authClient, useAction } from '@starforge/host';

/** POST /api/rewards/tokens/unstake with an Idempotency-Key: moves FORGE from staked back to available. */
const unstake = (amount: number, idempotencyKey: string): Promise<StakingResult> =>
  authClient.authed<StakingResult>('/api/rewards/tokens/unstake', { method: 'POST', json: { amount }, idempotencyKey });

/** Unstake, single flight, with one Idempotency-Key per press (kept on its retries). */
export const useUnstake = () => useAction(({ idempotencyKey }, amount: number) => unstake(amount, idempotencyKey));
