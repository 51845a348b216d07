import { randomInt } from 'node:crypto';
import {
  TEST_RUN_HISTORY_LIMIT,
  TEST_RUNS_PAGE_SIZE,
  type StartTestRun,
  type SuiteSource,
  type TestRun,
  type TestRunDetail,
  type TestRunsPage,
} from '@starforge/contracts/rewards';
import { publishEvent, transaction, type Db, type Jobs, type Sql } from '@starforge/service-kit';
import { drawTestOutcome } from './chain-facts';
import { enqueueContractRun, runContractHash, storedResult } from './contract-runs';
import { resolvedGasCheck } from './gas-check';
import { iso, isoOrNull, numOrNull } from './numbers';

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

/**
 * Starts a test run in one transaction: `rewards._admit_test_run` (the one home of the daily
 * limit and of the cap on contract runs waiting, shared with `rewards.start_engine_run`) locks the
 * caller's FORGE row, refuses with RW006 / RW007 (429 daily_test_limit, 409
 * contract_runs_waiting: rewardsSqlStates) and answers the user's unfinished contract runs; then
 * the run is inserted `running`, with the job that finishes it after `delayMs` (or, for a
 * contract, executes it when its turn comes).
 */
export const startTestRun = async (db: Db, jobs: Jobs, userId: string, input: StartTestRun, delayMs: { min: number; max: number }): Promise<TestRun> =>
  transaction(db, async (tx) => {
    const contract = input.contract;
    const [admitted] = await tx<{ unfinished: number }[]>`select rewards._admit_test_run(${userId}, true, ${Boolean(contract)}) as unfinished`;
    const unfinished = admitted?.unfinished ?? 0;
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
 * The caller's Testing Engine runs, newest first (another domain's engine runs are not listed,
 * though they count in today's tests): without `page` the latest TEST_RUN_HISTORY_LIMIT, with it
 * that page of TEST_RUNS_PAGE_SIZE; with how many runs there are in all. A completed contract run
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
        and p.user_id = r.user_id and p.purpose = 'test' and p.status = 'completed' and p.contract_hash = r.contract_hash
        and p.network = r.network and p.test_type = r.test_type
        and (p.completed_at, p.id) < (r.completed_at, r.id)
      order by p.completed_at desc, p.id desc
      limit 1
    ) previous on true
    where r.user_id = ${userId} and r.purpose = 'test'
    order by r.created_at desc, r.id desc
    limit ${pageSize} offset ${offset}`;
  const [count] = await db<{ total: number }[]>`select count(*)::int as total from rewards.test_runs where user_id = ${userId} and purpose = 'test'`;
  return { test_runs: rows.map(testRunOf), total: count?.total ?? 0, page: page ?? 1, page_size: pageSize };
};

/** One of the caller's Testing Engine runs with its contract and the engine's result; null for none (or another user's, or another domain's). */
export const getTestRun = async (db: Db, userId: string, runId: string): Promise<TestRunDetail | null> => {
  const [row] = await db<(TestRunRow & { source: string | null; sources: string | null; call: string | null; result: string | null })[]>`
    select ${runColumns(db)}, r.contract_source as source, r.contract_sources::text as sources, r.contract_call::text as call, r.result::text as result
    from rewards.test_runs r where r.id = ${runId} and r.user_id = ${userId} and r.purpose = 'test'`;
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
