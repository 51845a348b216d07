import type { StakingResult } from '@starforge/contracts/rewards';
import { authClient, useAction } from '@starforge/host';

/** POST /api/rewards/tokens/stake with an Idempotency-Key: moves FORGE from available to staked. */
const stake = (amount: number, idempotencyKey: string): Promise<StakingResult> =>
  authClient.authed<StakingResult>('/api/rewards/tokens/stake', { method: 'POST', json: { amount }, idempotencyKey });

/** Stake, single flight, with one Idempotency-Key per press (kept on its retries). */
export const useStake = () => useAction(({ idempotencyKey }, amount: number) => stake(amount, idempotencyKey));
