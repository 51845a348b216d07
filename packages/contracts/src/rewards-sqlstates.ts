import { rewardsErrorCodes, rewardsMessages } from './rewards-constants';

/**
 * The SQLSTATEs that rewards' published SQL functions raise (`rewards.debit_cash`,
 * `rewards.convert_points_to_cash`; services/rewards/README.md) and what a service answers for
 * each. A domain that calls them registers this map instead of writing its own:
 * `createServiceApp('marketplace', sql, { sqlStates: rewardsSqlStates })`. Invalid arguments
 * (22023) and a missing user (22004) are PostgreSQL's generic states, which the kit maps itself.
 */
export const rewardsSqlStates = {
  /** Not enough points (convert_points_to_cash). */
  RW001: { status: 422, code: rewardsErrorCodes.insufficientPoints, message: rewardsMessages.insufficientPoints },
  /** Not enough cash (debit_cash never goes below zero). */
  RW002: { status: 422, code: rewardsErrorCodes.insufficientBalance, message: rewardsMessages.insufficientBalance },
} as const;
