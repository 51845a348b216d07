import { useRef } from 'react';
import type { TestRunDetail } from '@starforge/contracts/rewards';
import { authedRequest, useLiveResource } from '@starforge/host';

/** GET /api/rewards/test-runs/:id: one of the user's runs, with its contract and the engine's result once finished. */
const getTestRun = (id: string): Promise<TestRunDetail> => authedRequest<TestRunDetail>(`/api/rewards/test-runs/${encodeURIComponent(id)}`, { method: 'GET' });

/**
 * One run, read again when any run of the user's finishes (this one's result arrives live).
 * `failed`: a read made since this view mounted failed with nothing to show (no such run of the user's).
 */
export const useTestRun = (id: string) => {
  const { status, data, error } = useLiveResource({ key: `/api/rewards/test-runs/${id}`, load: () => getTestRun(id), events: ['rewards.test_run_finished'] });
  const earlier = useRef(error);
  return { run: data, failed: status === 'error' && data === undefined && error !== earlier.current };
};
