import type { RewardsSummary } from '@starforge/contracts/rewards';
import { authedRequest, useLiveResource } from '@starforge/host';

/** What the screens show before the summary arrives or when it cannot be read (spec section 8: zeros, success rate 100). */
const emptySummary: RewardsSummary = {
  points: 0,
  weekly_points: 0,
  points_balance: 0,
  total_tests: 0,
  successful_tests: 0,
  tests_today: 0,
  total_nfts: 0,
  success_rate: 100,
  cash_balance_cents: 0,
  total_earned_cents: 0,
  total_withdrawn_cents: 0,
  pending_withdrawal_cents: 0,
  pending_cash_cents: 0,
  next_settlement_at: null,
  tokens: { available: 0, staked: 0 },
  tier: { id: '', name: 'Free', required_tokens: 0, features: { max_tests_per_day: null, sandbox_access: false, priority_support: false } },
};

/** GET /api/rewards/summary: the user's points, cash, counters, FORGE and tier (the account is made on first use). */
const getSummary = (): Promise<RewardsSummary> => authedRequest<RewardsSummary>('/api/rewards/summary', { method: 'GET' });

const spec = {
  key: '/api/rewards/summary',
  load: getSummary,
  events: ['rewards.account_changed', 'rewards.test_run_started'],
  failure: { what: 'rewards summary' },
} as const;

/**
 * The summary, live: every widget and screen that shows it shares one request, read again when
 * the account changes. A failed read is logged and the defaults (or the last good answer) shown.
 */
export const useSummary = () => {
  const { status, data, refetch } = useLiveResource(spec);
  return { summary: data ?? emptySummary, loading: status === 'loading', refetch };
};
