import type { Jobs, Sql } from '@starforge/service-kit';
import { COMPLETE_WITHDRAWAL_JOB, completeWithdrawal, type CompleteWithdrawalJob } from './domain/withdrawals';
import { FINISH_TEST_RUN_JOB, finishTestRun, type FinishTestRunJob } from './domain/test-runs';
import { EXECUTE_CONTRACT_RUN_JOB, executeContractRun, giveUpContractRun, type ContractEngine, type ExecuteContractRunJob } from './domain/contract-runs';

/** What a contract run's job may take beyond the run's time limit before it counts as abandoned. */
export const CONTRACT_RUN_EXPIRY_MARGIN_SECONDS = 20;

/**
 * The contract-run queue's policy, the same wherever it is declared or worked (pg-boss fixes a
 * job's expiry when it is enqueued). A job taken is a run under way (a worker takes as many as it
 * has engine threads): it ends within the run's time limit (then the run fails) plus what the
 * limit does not count, an engine thread loading solc (seconds; 13 s was seen on a machine at load
 * 40); so only a job whose worker process died outlives it and expires, 20 s later; maintenance
 * (every second) hands it back and another worker runs it once more (the engine is deterministic,
 * the finish idempotent). A killed run comes back within the run's limit + about 22 s.
 */
const contractRunQueue = (runTimeoutMs: number) => ({ expireInSeconds: Math.ceil(runTimeoutMs / 1000) + CONTRACT_RUN_EXPIRY_MARGIN_SECONDS });

/**
 * The rewards service's durable jobs. Each is idempotent in the database (the run or withdrawal
 * row is locked and finished only while still running or pending), so a retry after a crash, or
 * a second delivery, changes nothing. Contract runs are only enqueued here: engine worker
 * processes run them (`registerEngineJobs`, engine-worker.ts), so the service's event loop never
 * waits on a compile.
 */
export const registerRewardsJobs = (jobs: Jobs, sql: Sql, contracts: { runTimeoutMs: number }): void => {
  jobs.work<FinishTestRunJob>(FINISH_TEST_RUN_JOB, async ({ runId }) => {
    await finishTestRun(sql, runId);
  });
  jobs.declare(EXECUTE_CONTRACT_RUN_JOB, contractRunQueue(contracts.runTimeoutMs));
  jobs.work<CompleteWithdrawalJob>(COMPLETE_WITHDRAWAL_JOB, async ({ withdrawalId }) => {
    await completeWithdrawal(sql, withdrawalId);
  });
};

/** An engine worker's one queue: the contract runs, as many at once as its engine runs (`concurrency`). */
export const registerEngineJobs = (
  jobs: Jobs,
  sql: Sql,
  contracts: { engine: ContractEngine; runTimeoutMs: number; concurrency: number; log?: (line: string) => void },
): void => {
  const log = contracts.log ?? (() => {});
  jobs.work<ExecuteContractRunJob>(
    EXECUTE_CONTRACT_RUN_JOB,
    async ({ runId }, job) => {
      const started = Date.now();
      log(`took run ${runId} (attempt ${job.attempt})`);
      try {
        const finished = await executeContractRun(sql, jobs, contracts.engine, runId, { log });
        log(finished ? `finished run ${runId} in ${Date.now() - started} ms` : `run ${runId} was already finished`);
      } catch (error) {
        // A crash in the compiler or the EVM already ends as a failed run; what throws here is the
        // engine not starting or the database. Retried, and after the last attempt the run fails.
        if (job.attempt < job.maxAttempts) throw error;
        await giveUpContractRun(sql, jobs, runId);
        throw error;
      }
    },
    { ...contractRunQueue(contracts.runTimeoutMs), concurrency: contracts.concurrency },
  );
};
