import type { Jobs, Sql } from '@starforge/service-kit';
import { COMPLETE_WITHDRAWAL_JOB, completeWithdrawal, type CompleteWithdrawalJob } from './domain/withdrawals';
import { FINISH_TEST_RUN_JOB, finishTestRun, type FinishTestRunJob } from './domain/test-runs';

/**
 * The rewards service's durable jobs. Both are idempotent in the database (the run or
 * withdrawal row is locked and finished only while still running or pending), so a retry after
 * a crash, or a second delivery, changes nothing.
 */
export const registerRewardsJobs = (jobs: Jobs, sql: Sql): void => {
  jobs.work<FinishTestRunJob>(FINISH_TEST_RUN_JOB, async ({ runId }) => {
    await finishTestRun(sql, runId);
  });
  jobs.work<CompleteWithdrawalJob>(COMPLETE_WITHDRAWAL_JOB, async ({ withdrawalId }) => {
    await completeWithdrawal(sql, withdrawalId);
  });
};
