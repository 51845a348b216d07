import type { TestRun } from '@starforge/contracts/rewards';
import { authedRequest, useLiveResource } from '@starforge/host';
import { loggedRead } from '../../../shared/lib/logged-read';

/** GET /api/rewards/test-runs: the user's last 10 runs, newest first, with the gas delta. */
const getTestRuns = async (): Promise<TestRun[]> => (await authedRequest<{ test_runs: TestRun[] }>('/api/rewards/test-runs', { method: 'GET' })).test_runs;

const spec = {
  key: '/api/rewards/test-runs',
  load: loggedRead('test runs', getTestRuns),
  events: ['rewards.test_run_started', 'rewards.test_run_finished'],
} as const;

/** The run history, read again when a run starts (here or in another tab) or finishes. A failed read is logged; the list stays as it was (or empty). */
export const useTestRuns = () => {
  const { status, data, refetch } = useLiveResource(spec);
  return { runs: data ?? [], loading: status === 'loading', refetch };
};
