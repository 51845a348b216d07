import { fileURLToPath } from 'node:url';
import type { CompletionAnswer, ProjectCodeAnswer } from '@starforge/contracts/bounties';
import type { SuiteSource } from '@starforge/contracts/rewards';
import { eventually } from '@starforge/test-db/eventually';
import { serviceProcesses } from '@starforge/test-db/service-process';
import { callAs, type BountiesTestContext, type TestUser } from './harness';

/**
 * Setup for the executable-proof tests (issue 28): the real engine worker of the rewards domain,
 * started as the launcher starts it (a process of its own on the test database: no service
 * imports another), and the project's code saved and read through the routes.
 */

const rewardsDir = fileURLToPath(new URL('../../../rewards', import.meta.url));

/** Call at the top of a test file: `start()` runs one engine worker (one run at a time), killed after the file. */
export const engineWorkers = () => {
  const workers = serviceProcesses('rewards', rewardsDir, { entry: 'src/engine-worker.ts' });
  return { start: () => workers.start({ ENGINE_WORKERS: '1', ENGINE_RUN_TIMEOUT_MS: '60000' }) };
};

/** A proof run takes seconds on an idle machine; far more while the other test files compile. */
export const VERDICT_WAIT_MS = 180_000;

/** The project's code saved through PUT /projects/:id/code (asserted 200). */
export const saveCode = async (ctx: BountiesTestContext, who: TestUser, projectId: string, sources: SuiteSource[]): Promise<ProjectCodeAnswer> => {
  const res = await callAs(ctx, who, 'PUT', `/projects/${projectId}/code`, { body: { sources } });
  if (res.status !== 200) throw new Error(`PUT code answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as ProjectCodeAnswer;
};

/** The claimer's completion with a proof test, through the route (asserted 200); its id. */
export const submitProof = async (ctx: BountiesTestContext, claimer: TestUser, bountyId: string, proof: SuiteSource, words = 'Reentrancy: see the test') => {
  const res = await callAs(ctx, claimer, 'PUT', `/bounties/${bountyId}/completion`, { body: { completion_proof: words, proof_test: proof } });
  if (res.status !== 200) throw new Error(`submit answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as CompletionAnswer).completion?.id ?? '';
};

/** The completion as `who` reads it (the claimer's page, or the creator's review), once its proof run has a verdict. */
export const judgedCompletion = async (ctx: BountiesTestContext, who: TestUser, path: string) => {
  let answer: CompletionAnswer | null = null;
  await eventually(
    async () => {
      const res = await callAs(ctx, who, 'GET', path);
      answer = res.body as CompletionAnswer;
      return answer.completion?.proof?.run.verdict !== 'running';
    },
    VERDICT_WAIT_MS,
    250,
  );
  if (!answer) throw new Error('no answer');
  return answer as CompletionAnswer;
};
