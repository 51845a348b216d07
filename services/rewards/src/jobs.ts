import type { Jobs, Sql } from '@starforge/service-kit';
import { COMPLETE_WITHDRAWAL_JOB, completeWithdrawal, type CompleteWithdrawalJob } from './domain/withdrawals';
import { FINISH_TEST_RUN_JOB, finishTestRun, type FinishTestRunJob } from './domain/test-runs';
import { EXECUTE_CONTRACT_RUN_JOB, executeContractRun, type ContractEngine, type ExecuteContractRunJob } from './domain/contract-runs';

/**
 * The rewards service's durable jobs. Each is idempotent in the database (the run or
 * withdrawal row is locked and finished only while still running or pending), so a retry after
 * a crash, or a second delivery, changes nothing.
 */
export const registerRewardsJobs = (jobs: Jobs, sql: Sql, contracts: { engine: ContractEngine; runTimeoutMs: number }): void => {
  jobs.work<FinishTestRunJob>(FINISH_TEST_RUN_JOB, async ({ runId }) => {
    await finishTestRun(sql, runId);
  });
  jobs.work<ExecuteContractRunJob>(
    EXECUTE_CONTRACT_RUN_JOB,
    async ({ runId }) => {
      await executeContractRun(sql, contracts.engine, runId);
    },
    // A run may wait for a worker and then take up to its time limit: only a job whose copy died
    // expires, and another copy runs it (the engine is deterministic, the finish idempotent).
    { expireInSeconds: Math.ceil(contracts.runTimeoutMs / 1000) * 3 + 30, concurrency: 4 },
  );
  jobs.work<CompleteWithdrawalJob>(COMPLETE_WITHDRAWAL_JOB, async ({ withdrawalId }) => {
    await completeWithdrawal(sql, withdrawalId);
  });
};
