import type { RewardsSummary } from '@starforge/contracts/rewards';
import type { Db } from '@starforge/service-kit';
import { isoOrNull, num } from './numbers';
import { tierOf, type TierRow } from './tiers';

type Big = string | number;

interface SummaryRow {
  pointsBalance: Big;
  cashBalanceCents: Big;
  totalEarnedCents: Big;
  totalWithdrawnCents: Big;
  points: Big;
  weeklyPoints: Big;
  totalTests: number;
  successfulTests: number;
  totalNfts: number;
  successRate: number;
  tokenAmount: Big;
  stakedAmount: Big;
  testsToday: number;
  pendingWithdrawalCents: Big;
  pendingCashCents: Big;
  nextSettlementAt: Date | null;
  tier: TierRow;
}

/** The whole summary in one statement: balances, stats, tokens, tier, today's tests, held cash. */
const readRow = async (db: Db, userId: string): Promise<SummaryRow | undefined> => {
  const [row] = await db<SummaryRow[]>`
    select b.points_balance, b.cash_balance_cents, b.total_earned_cents, b.total_withdrawn_cents, b.pending_cash_cents,
           s.points,
           case when s.week_start = rewards.current_week() then s.weekly_points else 0 end as weekly_points,
           s.total_tests, s.successful_tests, s.total_nfts, s.success_rate,
           t.token_amount, t.staked_amount,
           rewards.tests_today(b.user_id) as tests_today,
           (select coalesce(sum(w.amount_cents), 0) from rewards.withdrawals w
             where w.user_id = b.user_id and w.status = 'pending') as pending_withdrawal_cents,
           (select min(p.settles_at) from rewards.transactions p
             where p.user_id = b.user_id and p.status = 'pending' and p.settles_at is not null) as next_settlement_at,
           (select to_jsonb(x) from rewards.tier_for(t.token_amount + t.staked_amount) x) as tier
    from rewards.user_balances b
    join rewards.leaderboard_stats s on s.user_id = b.user_id
    join rewards.starforge_tokens t on t.user_id = b.user_id
    where b.user_id = ${userId}`;
  return row;
};

/**
 * The caller's stat cards, balances, FORGE and tier. One round trip for an existing account;
 * the first call creates it (with its FORGE welcome grant) and reads again.
 */
export const readSummary = async (db: Db, userId: string): Promise<RewardsSummary> => {
  let row = await readRow(db, userId);
  if (!row) {
    await db`select rewards.ensure_account(${userId})`;
    row = await readRow(db, userId);
    if (!row) throw new Error('rewards: the account was not created');
  }
  return {
    points: num(row.points),
    weekly_points: num(row.weeklyPoints),
    points_balance: num(row.pointsBalance),
    total_tests: row.totalTests,
    successful_tests: row.successfulTests,
    tests_today: row.testsToday,
    total_nfts: row.totalNfts,
    success_rate: row.successRate,
    cash_balance_cents: num(row.cashBalanceCents),
    total_earned_cents: num(row.totalEarnedCents),
    total_withdrawn_cents: num(row.totalWithdrawnCents),
    pending_withdrawal_cents: num(row.pendingWithdrawalCents),
    pending_cash_cents: num(row.pendingCashCents),
    next_settlement_at: isoOrNull(row.nextSettlementAt),
    tokens: { available: num(row.tokenAmount), staked: num(row.stakedAmount) },
    tier: tierOf(row.tier),
  };
};
