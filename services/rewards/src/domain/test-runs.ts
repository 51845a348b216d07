import { randomInt } from 'node:crypto';
import {
  CONTRACT_RUNS_WAITING_MAX,
  rewardsErrorCodes,
  rewardsMessages,
  TEST_RUN_HISTORY_LIMIT,
  TEST_RUNS_PAGE_SIZE,
  type NextTier,
  type StartTestRun,
  type SuiteSource,
  type TestRun,
  type TestRunDetail,
  type TestRunsPage,
} from '@starforge/contracts';
import { conflict, publishEvent, transaction, type Db, type Jobs, type Sql } from '@starforge/service-kit';
import { drawTestOutcome } from './chain-facts';
import { enqueueContractRun, runContractHash, storedResult, unfinishedContractRuns } from './contract-runs';
import { dailyTestLimitReached } from './errors';
import { resolvedGasCheck } from './gas-check';
import { iso, isoOrNull, num, numOrNull } from './numbers';

/** The durable job that finishes a run. */
export const FINISH_TEST_RUN_JOB = 'test-run.finish';
export interface FinishTestRunJob {
  runId: string;
}

interface TestRunRow {
  id: string;
  network: TestRun['network'];
  testType: TestRun['test_type'];
  status: TestRun['status'];
  txHash: string | null;
  gasUsed: number | null;
  blockNumber: string | null;
  pointsAwarded: number | null;
  createdAt: Date;
  completedAt: Date | null;
  gasDelta?: number | null;
  hasContract: boolean;
  summary: string | null;
}

const testRunOf = (r: TestRunRow): TestRun => ({
  id: r.id,
  network: r.network,
  test_type: r.testType,
  status: r.status,
  tx_hash: r.txHash,
  gas_used: r.gasUsed,
  block_number: numOrNull(r.blockNumber),
  points_awarded: r.pointsAwarded,
  created_at: iso(r.createdAt),
  completed_at: isoOrNull(r.completedAt),
  gas_delta: r.gasDelta ?? null,
  has_contract: r.hasContract,
  summary: r.summary,
});

/** The columns every read of a run takes (`r` is the run). */
const runColumns = (db: Db) => db`
  r.id, r.network, r.test_type, r.status, r.tx_hash, r.gas_used, r.block_number, r.points_awarded, r.created_at, r.completed_at,
  r.contract_hash is not null as has_contract, r.result ->> 'summary' as summary`;

/** The first tier above `tokens` FORGE, or null at the top. */
const nextTier = async (db: Db, tokens: number): Promise<NextTier | null> => {
  const [row] = await db<{ name: string; requiredTokens: string; maxTestsPerDay: number | null }[]>`
    select name, required_tokens, (features ->> 'max_tests_per_day')::int as max_tests_per_day
    from rewards.subscription_tiers where required_tokens > ${tokens} order by required_tokens limit 1`;
  return row ? { name: row.name, requiredTokens: num(row.requiredTokens), maxTestsPerDay: row.maxTestsPerDay } : null;
};

/**
 * Starts a test run: under a lock on the caller's FORGE row (so two starts cannot both take the
 * last test of the day, nor both pass the cap on contract runs waiting), checks the tier's daily
 * limit and, for a contract, the user's runs waiting (CONTRACT_RUNS_WAITING_MAX), inserts the run `running` and enqueues
 * the job that finishes it after `delayMs`, all in one transaction.
 */
export const startTestRun = async (db: Db, jobs: Jobs, userId: string, input: StartTestRun, delayMs: { min: number; max: number }): Promise<TestRun> =>
  transaction(db, async (tx) => {
    await tx`select rewards.ensure_account(${userId})`;
    // The lock first, on its own: a statement that waited for a row lock still counts with the
    // snapshot it started with, so it would miss the runs of the transaction it waited for.
    const [held] = await tx<{ tokens: string }[]>`
      select token_amount + staked_amount as tokens from rewards.starforge_tokens where user_id = ${userId} for update`;
    const [limit] = await tx<{ maxTestsPerDay: number | null; testsToday: number }[]>`
      select (x.features ->> 'max_tests_per_day')::int as max_tests_per_day,
             (select count(*)::int from rewards.test_runs r
               where r.user_id = ${userId} and r.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as tests_today
      from rewards.tier_for(${held?.tokens ?? 0}) x`;
    if (!limit) throw new Error('rewards: the account has no FORGE row');
    if (limit.maxTestsPerDay !== null && limit.testsToday >= limit.maxTestsPerDay) {
      const tokens = num(held?.tokens ?? 0);
      throw dailyTestLimitReached(limit.maxTestsPerDay, await nextTier(tx, tokens), tokens);
    }
    const contract = input.contract;
    // The user's contract runs not finished yet: past the cap, refused; none, this one's turn is now.
    const unfinished = contract ? await unfinishedContractRuns(tx, userId) : 0;
    if (unfinished >= CONTRACT_RUNS_WAITING_MAX) throw conflict(rewardsMessages.contractRunsWaiting, rewardsErrorCodes.contractRunsWaiting);
    const [row] = await tx<TestRunRow[]>`
      insert into rewards.test_runs as r (user_id, network, test_type, contract_source, contract_sources, contract_hash, contract_call, gas_check)
      values (
        ${userId}, ${input.network}, ${input.test_type}, ${contract?.source ?? null},
        ${contract?.sources ? tx.json(contract.sources.map((s) => ({ name: s.name, content: s.content }))) : null},
        ${contract ? runContractHash(contract) : null}, ${contract?.call ? tx.json(contract.call) : null},
        ${input.gas_check ? tx.json(resolvedGasCheck(input.gas_check)) : null}
      )
      returning ${runColumns(tx)}`;
    if (!row) throw new Error('rewards: the test run was not inserted');
    if (contract) {
      // Compiled and run for real in the engine's workers, in the user's turn (contract-runs.ts):
      // at once when none of their runs is unfinished, else after the one before it.
      if (unfinished === 0) await enqueueContractRun(tx, jobs, row.id);
    } else {
      const afterMs = delayMs.min === delayMs.max ? delayMs.min : randomInt(delayMs.min, delayMs.max + 1);
      await jobs.enqueue<FinishTestRunJob>(tx, FINISH_TEST_RUN_JOB, { runId: row.id }, { startAfterSeconds: afterMs / 1000, singletonKey: row.id });
    }
    // The user's other tabs show the run (and today's count) at once.
    await publishEvent(tx, { userId, type: 'rewards.test_run_started', data: { runId: row.id } });
    return testRunOf(row);
  });

/**
 * The caller's runs, newest first: without `page` the latest TEST_RUN_HISTORY_LIMIT, with it that
 * page of TEST_RUNS_PAGE_SIZE; with how many runs there are in all. A completed contract run
 * carries its gas against the user's previous completed run of the same contract, network and
 * test type; a run without a contract carries none (its gas is drawn at random).
 */
export const listTestRuns = async (db: Db, userId: string, page?: number): Promise<TestRunsPage> => {
  const pageSize = page === undefined ? TEST_RUN_HISTORY_LIMIT : TEST_RUNS_PAGE_SIZE;
  const offset = ((page ?? 1) - 1) * pageSize;
  const rows = await db<TestRunRow[]>`
    select ${runColumns(db)}, r.gas_used - previous.gas_used as gas_delta
    from rewards.test_runs r
    left join lateral (
      select p.gas_used from rewards.test_runs p
      where r.status = 'completed' and r.contract_hash is not null
        and p.user_id = r.user_id and p.status = 'completed' and p.contract_hash = r.contract_hash
        and p.network = r.network and p.test_type = r.test_type
        and (p.completed_at, p.id) < (r.completed_at, r.id)
      order by p.completed_at desc, p.id desc
      limit 1
    ) previous on true
    where r.user_id = ${userId}
    order by r.created_at desc, r.id desc
    limit ${pageSize} offset ${offset}`;
  const [count] = await db<{ total: number }[]>`select count(*)::int as total from rewards.test_runs where user_id = ${userId}`;
  return { test_runs: rows.map(testRunOf), total: count?.total ?? 0, page: page ?? 1, page_size: pageSize };
};

/** One of the caller's runs with its contract and the engine's result; null for none (or another user's). */
export const getTestRun = async (db: Db, userId: string, runId: string): Promise<TestRunDetail | null> => {
  const [row] = await db<(TestRunRow & { source: string | null; sources: string | null; call: string | null; result: string | null })[]>`
    select ${runColumns(db)}, r.contract_source as source, r.contract_sources::text as sources, r.contract_call::text as call, r.result::text as result
    from rewards.test_runs r where r.id = ${runId} and r.user_id = ${userId}`;
  if (!row) return null;
  const call = row.call ? JSON.parse(row.call) : null;
  return {
    ...testRunOf(row),
    contract: row.source !== null ? { source: row.source, call } : row.sources !== null ? { sources: JSON.parse(row.sources) as SuiteSource[], call } : null,
    result: storedResult(row.result),
  };
};

/**
 * The job's work: finish the run once (nothing when it is no longer running, so a job that runs
 * twice credits once). Answers whether this call finished it.
 */
export const finishTestRun = async (sql: Sql, runId: string, random: () => number = Math.random): Promise<boolean> => {
  const outcome = drawTestOutcome(random);
  const [row] = await sql<{ finished: boolean }[]>`
    select rewards._finish_test_run(
      ${runId}, ${outcome.completed},
      ${outcome.completed ? outcome.txHash : null}, ${outcome.completed ? outcome.gasUsed : null}, ${outcome.completed ? outcome.blockNumber : null}
    ) as finished`;
  return row?.finished ?? false;
};
