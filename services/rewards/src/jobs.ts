import type { Jobs, Sql } from '@starforge/service-kit';
import { COMPLETE_WITHDRAWAL_JOB, completeWithdrawal, type CompleteWithdrawalJob } from './domain/withdrawals';
import { FINISH_TEST_RUN_JOB, finishTestRun, type FinishTestRunJob } from './domain/test-runs';
import { EXECUTE_CONTRACT_RUN_JOB, executeContractRun, giveUpContractRun, type ContractEngine, type ExecuteContractRunJob } from './domain/contract-runs';

/**
 * The rewards service's durable jobs. Each is idempotent in the database (the run or
 * withdrawal row is locked and finished only while still running or pending), so a retry after
 * a crash, or a second delivery, changes nothing.
 */
export const registerRewardsJobs = (jobs: Jobs, sql: Sql, contracts: { engine: ContractEngine; runTimeoutMs: number; workers: number }): void => {
  jobs.work<FinishTestRunJob>(FINISH_TEST_RUN_JOB, async ({ runId }) => {
    await finishTestRun(sql, runId);
  });
  jobs.work<ExecuteContractRunJob>(
    EXECUTE_CONTRACT_RUN_JOB,
    async ({ runId }, job) => {
      try {
        await executeContractRun(sql, jobs, contracts.engine, runId);
      } catch (error) {
        // A crash in the compiler or the EVM already ends as a failed run; what throws here is the
        // engine not starting or the database. Retried, and after the last attempt the run fails.
        if (job.attempt < job.maxAttempts) throw error;
        await giveUpContractRun(sql, jobs, runId);
        throw error;
      }
    },
    // As many at once as the engine has workers, so a job taken is a run under way: it ends within
    // the run's time limit (then the run fails), and only a job whose copy died outlives it and
    // expires, 10 s later, for another copy (or this one restarted) to run it once more (the
    // engine is deterministic, the finish idempotent).
    { expireInSeconds: Math.ceil(contracts.runTimeoutMs / 1000) + 10, concurrency: contracts.workers },
  );
  jobs.work<CompleteWithdrawalJob>(COMPLETE_WITHDRAWAL_JOB, async ({ withdrawalId }) => {
    await completeWithdrawal(sql, withdrawalId);
  });
};
