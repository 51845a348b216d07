import { rewardsErrorCodes, rewardsMessages } from '@starforge/contracts/rewards';
import { rewardsSqlStates } from '@starforge/rewards-published/sql-states';
import type { SqlStateMap } from '@starforge/service-kit';

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
