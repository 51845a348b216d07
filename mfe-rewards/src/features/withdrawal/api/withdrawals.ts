import type { Withdrawal } from '@starforge/contracts/rewards';
import { authedRequest, useLiveResource } from '@starforge/host';

/** GET /api/rewards/withdrawals: the user's last 10, newest first. */
const getWithdrawals = async (): Promise<Withdrawal[]> =>
  (await authedRequest<{ withdrawals: Withdrawal[] }>('/api/rewards/withdrawals', { method: 'GET' })).withdrawals;

const spec = {
  key: '/api/rewards/withdrawals',
  load: getWithdrawals,
  events: ['rewards.withdrawal_completed', 'rewards.account_changed'],
  failure: { what: 'withdrawals' },
} as const;

/** Recent withdrawals, read again when one completes or the account changes. A failed read is logged. */
export const useWithdrawals = () => {
  const { status, data, refetch } = useLiveResource(spec);
  return { withdrawals: data ?? [], loading: status === 'loading', failed: status === 'error' && !data, refetch };
};
