import type { StartTestRun, TestRun } from '@starforge/contracts/rewards';
import { authClient, useAction } from '@starforge/host';

/** POST /api/rewards/test-runs: starts a run (status running); a server job finishes it 3-5 s later. */
const startTestRun = (body: StartTestRun): Promise<TestRun> => authClient.authed<TestRun>('/api/rewards/test-runs', { method: 'POST', json: body });

/**
 * Start, single flight. Not retried automatically: starting a run is not idempotent on the
 * server, so an unknown outcome is left to the user (the history shows whether it started).
 */
export const useStartTestRun = () => useAction((_call, body: StartTestRun) => startTestRun(body), { maxAttempts: 1 });
