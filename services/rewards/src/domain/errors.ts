import { rewardsErrorCodes, rewardsMessages, rewardsSqlStates, type NextTier } from '@starforge/contracts';
import { tooManyRequests, type SqlStateMap } from '@starforge/service-kit';

/**
 * Every SQLSTATE the rewards functions raise (migrations/), as the service answers them: the
 * published functions' states (`rewardsSqlStates`, which other domains register too) and those
 * of the service's own staking and withdrawal functions. Registered with createServiceApp.
 */
export const rewardsServiceSqlStates: SqlStateMap = {
  ...rewardsSqlStates,
  RW003: { status: 422, code: rewardsErrorCodes.insufficientTokens, message: rewardsMessages.stakeInsufficient },
  RW004: { status: 422, code: rewardsErrorCodes.insufficientStakedTokens, message: rewardsMessages.unstakeInsufficient },
  RW005: { status: 422, code: rewardsErrorCodes.insufficientBalance, message: rewardsMessages.insufficientWithdrawalBalance },
};

/**
 * 429 with the seconds until the next UTC day, when the tier's daily tests are used up, naming
 * what raises the limit: the next tier's FORGE (`held` is the user's, available plus staked).
 */
export const dailyTestLimitReached = (limit: number, next: NextTier | null, held: number, now = new Date()) => {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return tooManyRequests(rewardsMessages.dailyTestLimit(limit, next, held), (tomorrow - now.getTime()) / 1000, rewardsErrorCodes.dailyTestLimit);
};
