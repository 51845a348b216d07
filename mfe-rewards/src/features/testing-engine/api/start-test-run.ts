import type { StartTestRun, TestRun } from '@starforge/contracts/rewards';
import { authClient, useAction } from '@starforge/host';

/** POST /api/rewards/test-runs: starts a run (status running); a server job finishes it 3-5 s later. */
const startTestRun = (body: StartTestRun, idempotencyKey: string): Promise<TestRun> =>
  authClient.authed<TestRun>('/api/rewards/test-runs', { method: 'POST', json: body, idempotencyKey });

/** Start, single flight, with an Idempotency-Key: its retries (network, 502-504) start one run at most. */
export const useStartTestRun = () => useAction(({ idempotencyKey }, body: StartTestRun) => startTestRun(body, idempotencyKey));
