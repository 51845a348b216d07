import type { TestRunsPage } from '@starforge/contracts/rewards';
import { authedRequest, useLiveResource } from '@starforge/host';

/** GET /api/rewards/test-runs: the user's latest runs (without a page) or one page of them, newest first, with the total. */
const getTestRuns = (page?: number): Promise<TestRunsPage> =>
  authedRequest<TestRunsPage>(page === undefined ? '/api/rewards/test-runs' : `/api/rewards/test-runs?page=${page}`, { method: 'GET' });

const events = ['rewards.test_run_started', 'rewards.test_run_finished'] as const;
const failure = { what: 'test runs' };

const latestSpec = { key: '/api/rewards/test-runs', load: () => getTestRuns(), events, failure } as const;

/** The latest runs under the engine, read again when a run starts (here or in another tab) or finishes. A failed read is logged; the list stays as it was (or empty). */
export const useTestRuns = () => {
  const { status, data, refetch } = useLiveResource(latestSpec);
  return { runs: data?.test_runs ?? [], total: data?.total ?? 0, loading: status === 'loading', refetch };
};

/** One page of every run (/test-runs), live like the latest. */
export const useTestRunsPage = (page: number) => {
  const { status, data } = useLiveResource({ key: `/api/rewards/test-runs?page=${page}`, load: () => getTestRuns(page), events, failure });
  return { page: data, loading: status === 'loading' };
};
