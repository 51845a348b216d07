import type { GasHistory } from '@starforge/contracts/rewards';
import { authedRequest, useLiveResource } from '@starforge/host';

export interface GasQuery {
  /** An earlier run of the suite; the server's default (the run before) when absent. */
  against?: string;
  threshold?: { pct: number; gas: number };
}

const pathOf = (id: string, query: GasQuery) => {
  const params = new URLSearchParams();
  if (query.against) params.set('against', query.against);
  if (query.threshold) {
    params.set('threshold_pct', String(query.threshold.pct));
    params.set('threshold_gas', String(query.threshold.gas));
  }
  const search = params.toString();
  return `/api/rewards/test-runs/${encodeURIComponent(id)}/gas${search ? `?${search}` : ''}`;
};

/** GET /api/rewards/test-runs/:id/gas: the run's gas against an earlier run of its suite, and the suite's last 20 runs. */
const getGasHistory = (path: string): Promise<GasHistory> => authedRequest<GasHistory>(path, { method: 'GET' });

/** The comparison, read again when a run of the user's finishes (a new run joins the suite's history). */
export const useGasHistory = (id: string, query: GasQuery) => {
  const path = pathOf(id, query);
  const { status, data, refetch } = useLiveResource({ key: path, load: () => getGasHistory(path), events: ['rewards.test_run_finished'] });
  return { history: data, failed: status === 'error' && data === undefined, loading: status === 'loading', refetch };
};
