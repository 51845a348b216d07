import type { LedgerTransaction } from '@starforge/contracts/rewards';
import { authedRequest, useLiveResource } from '@starforge/host';

/** GET /api/rewards/transactions: the user's last 10 ledger rows, newest first. */
const getTransactions = async (): Promise<LedgerTransaction[]> =>
  (await authedRequest<{ transactions: LedgerTransaction[] }>('/api/rewards/transactions', { method: 'GET' })).transactions;

const spec = { key: '/api/rewards/transactions', load: getTransactions, events: ['rewards.account_changed'], failure: { what: 'transactions' } } as const;

/** Recent transactions, read again whenever the account changes. A failed read is logged. */
export const useTransactions = () => {
  const { status, data } = useLiveResource(spec);
  return { transactions: data ?? [], loading: status === 'loading', failed: status === 'error' && !data };
};
