import { MAX_CONVERSION_POINTS, type Conversion, type StakingResult } from '@starforge/contracts/rewards';
import { rewardsSqlStates } from '@starforge/rewards-published/sql-states';
import { ApiError, type Db } from '@starforge/service-kit';
import { num } from './numbers';
import { tierOf, type TierRow } from './tiers';

const { RW001: notEnoughPoints } = rewardsSqlStates;

/** Converts the caller's points to cash through the spec's stored procedure (422 when short). */
export const convertPoints = async (db: Db, userId: string, points: number): Promise<Conversion> => {
  // Past the procedure's integer argument, and past any balance: the answer above the balance.
  if (points > MAX_CONVERSION_POINTS) throw new ApiError(notEnoughPoints.status, notEnoughPoints.code, notEnoughPoints.message);
  const [row] = await db<{ transactionId: string; pointsBalance: string; cashBalanceCents: string }[]>`
    select * from rewards.convert_points_to_cash(${userId}, ${points})`;
  if (!row) throw new Error('convert_points_to_cash answered nothing');
  return {
    transaction_id: row.transactionId,
    points_converted: points,
    cents_credited: points / 10,
    points_balance: num(row.pointsBalance),
    cash_balance_cents: num(row.cashBalanceCents),
  };
};

type TokenRow = { tokenAmount: string; stakedAmount: string; tier: TierRow };

const stakingResult = (row: TokenRow | undefined): StakingResult => {
  if (!row) throw new Error('staking answered nothing');
  return { tokens: { available: num(row.tokenAmount), staked: num(row.stakedAmount) }, tier: tierOf(row.tier) };
};

/** Moves FORGE from available to staked in one conditional update (422 when short); with the tier it reaches. */
export const stakeTokens = async (db: Db, userId: string, amount: number): Promise<StakingResult> => {
  const [row] = await db<TokenRow[]>`
    select s.token_amount, s.staked_amount, to_jsonb(x) as tier
    from rewards.stake_tokens(${userId}, ${amount}) s, rewards.tier_for(s.token_amount + s.staked_amount) x`;
  return stakingResult(row);
};

/** Moves FORGE from staked back to available in one conditional update (422 when short); with the tier it reaches. */
export const unstakeTokens = async (db: Db, userId: string, amount: number): Promise<StakingResult> => {
  const [row] = await db<TokenRow[]>`
    select s.token_amount, s.staked_amount, to_jsonb(x) as tier
    from rewards.unstake_tokens(${userId}, ${amount}) s, rewards.tier_for(s.token_amount + s.staked_amount) x`;
  return stakingResult(row);
};
