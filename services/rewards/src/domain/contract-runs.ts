import { createHash } from 'node:crypto';
import { createEnginePool, failedResult, gasByFunction, type EnginePoolOptions, type EngineRequest, type EngineResult } from '@starforge/contract-engine';
import { contractRunResultSchema, type ContractCall, type Network, type RunContract, type SuiteSource, type TestType } from '@starforge/contracts/rewards';
import { transaction, type Db, type Jobs, type Sql } from '@starforge/service-kit';
import { progressPublisher, type RunProgress } from './contract-run-progress';
import { applyGasCheck } from './gas-check';

/** The durable job that compiles and runs a run's contract, then finishes the run with the result. */
export const EXECUTE_CONTRACT_RUN_JOB = 'test-run.execute';
export interface ExecuteContractRunJob {
  runId: string;
}

/**
 * What the job needs of the engine: a run, off this thread (the engine worker and tests pass a
 * pool), telling `onProgress` how far a suite has got when the engine can.
 */
export interface ContractEngine {
  run: (request: EngineRequest, onProgress?: (progress: RunProgress) => void) => Promise<EngineResult>;
  close: () => Promise<void>;
}

/**
 * The engine's worker pool, started on the first contract run rather than with the service: each
 * worker loads solc (about a second and 100 MB), which a copy that never sees a contract does
 * not need.
 */
export const lazyContractEngine = (options: EnginePoolOptions): ContractEngine => {
  let pool: ReturnType<typeof createEnginePool> | undefined;
  return {
    // A suite's tests done of the total; its compiling is published when the run is taken.
    run: (request, onProgress) => {
      pool ??= createEnginePool(options);
      return pool.run(request, onProgress ? { onProgress: ({ phase, ...progress }) => phase === 'running' && onProgress(progress) } : {});
    },
    close: async () => {
      await pool?.close();
    },
  };
};

/** SHA-256 of a source in hex: "the same contract" when a run compares its gas with the last one. */
export const contractHash = (source: string): string => createHash('sha256').update(source, 'utf8').digest('hex');

/**
 * A suite's hash, over its files' names and contents in name order (the order of the editor's
 * tabs changes nothing): the same files are the same contract. JSON keeps name and content apart.
 */
export const suiteHash = (sources: readonly SuiteSource[]): string =>
  contractHash(`suite:${JSON.stringify([...sources].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((s) => [s.name, s.content]))}`);

/** The hash of a run's contract, whichever form it came in. */
export const runContractHash = (contract: RunContract): string => (contract.sources ? suiteHash(contract.sources) : contractHash(contract.source ?? ''));

interface PendingContractRun {
  userId: string;
  /** 'test': the user's Testing Engine run; else another domain's (rewards.start_engine_run). */
  purpose: string;
  network: Network;
  testType: TestType;
  source: string | null;
  /** A suite's files, as stored (read as text: the pool's camel-case transform never touches them). */
  sources: string | null;
  hash: string;
  call: string | null;
}

/** A stored result, read as text and checked: the pool's camel-case transform never touches it. */
export const storedResult = (text: string | null): EngineResult | null => {
  if (!text) return null;
  const parsed = contractRunResultSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
};

/**
 * Fair turns across users, decided in the database (so across every copy of the service): a
 * user's contract runs execute one at a time, oldest first, and only the one whose turn it is
 * has a job in the queue. A run gets its job when it starts with none of the user's runs
 * unfinished, else when the user's run before it finishes (in the transaction that finishes it).
 * The queue is first come, first served, so one job per user makes it round-robin across users:
 * a user with many runs waiting holds one worker, and another user's run waits at most for one
 * run of each user ahead of it, never for the whole of someone's backlog.
 *
 * Callers hold the user's FORGE row lock (`lockUserRuns`), as starting a run does, so a run that
 * starts while the last one finishes is given its job by exactly one of the two.
 */
const lockUserRuns = async (tx: Db, userId: string): Promise<void> => {
  await tx`select 1 from rewards.starforge_tokens where user_id = ${userId} for update`;
};

/** Gives the user's oldest unfinished contract run its job (nothing when it has one already: the key is the run). */
export const enqueueContractRun = async (tx: Db, jobs: Jobs, runId: string): Promise<void> => {
  await jobs.enqueue<ExecuteContractRunJob>(tx, EXECUTE_CONTRACT_RUN_JOB, { runId }, { singletonKey: runId });
};

const enqueueNextContractRun = async (tx: Db, jobs: Jobs, userId: string): Promise<void> => {
  const [next] = await tx<{ id: string }[]>`
    select id from rewards.test_runs where user_id = ${userId} and status = 'running' and contract_hash is not null
    order by created_at, id limit 1`;
  if (next) await enqueueContractRun(tx, jobs, next.id);
};

/**
 * Finishes a contract run with its result in one statement (status, points, real gas, the
 * result) and, in the same transaction, gives the user's next waiting run its turn.
 */
const finishContractRun = async (sql: Sql, jobs: Jobs, userId: string, runId: string, result: EngineResult): Promise<boolean> =>
  transaction(sql, async (tx) => {
    // gas_used is positive or absent (a run that compiled nothing used none), and an integer column.
    const gas = result.total_gas > 0 ? Math.min(result.total_gas, 2_147_483_647) : null;
    const [row] = await tx<{ finished: boolean }[]>`
      select rewards._finish_test_run(${runId}, ${result.status === 'completed'}, null, ${gas}, null, ${tx.json(result as never)}) as finished`;
    // The FORGE row after the balance row _finish_test_run locked, in the order every finish takes
    // them (a spec run's finish, its FORGE grant), so two finishes of one user cannot deadlock.
    await lockUserRuns(tx, userId);
    await enqueueNextContractRun(tx, jobs, userId);
    return row?.finished ?? false;
  });

/**
 * The job's work (in an engine worker process): compile and run the contract of a run still
 * running (nothing otherwise, so a retried or repeated job finishes it once), with each
 * function's gas compared against the user's last finished run of the same contract and test
 * type, then finish the run with the result and hand the user's turn to their next run. The
 * user's tabs hear `rewards.test_run_progress` as it goes: compiling when the run is taken, then
 * the tests done, at most a few a second.
 */
export const executeContractRun = async (
  sql: Sql,
  jobs: Jobs,
  engine: ContractEngine,
  runId: string,
  { log }: { log?: (line: string) => void } = {},
): Promise<boolean> => {
  const [run] = await sql<PendingContractRun[]>`
    select user_id, purpose, network, test_type, contract_source as source, contract_sources::text as sources, contract_hash as hash, contract_call::text as call
    from rewards.test_runs where id = ${runId} and status = 'running' and contract_hash is not null`;
  if (!run) return false;
  const progress = progressPublisher(sql, { userId: run.userId, runId }, log ? { log } : {});
  await progress.compiling();
  const ownRun = run.purpose === 'test';
  // Gas against the user's last run of the same contract: the Testing Engine's own runs only.
  const [last] = ownRun
    ? await sql<{ result: string | null }[]>`
        select result::text as result from rewards.test_runs
        where user_id = ${run.userId} and purpose = 'test' and contract_hash = ${run.hash} and test_type = ${run.testType} and status <> 'running' and id <> ${runId}
        order by completed_at desc, id desc limit 1`
    : [];
  const previous = storedResult(last?.result ?? null);
  const call = run.call ? (JSON.parse(run.call) as ContractCall) : undefined;
  const sources = run.sources ? (JSON.parse(run.sources) as SuiteSource[]) : undefined;
  let result: EngineResult;
  try {
    result = await engine.run(
      {
        source: run.source ?? '',
        ...(sources ? { sources } : {}),
        testType: run.testType,
        network: run.network,
        ...(call ? { call } : {}),
        ...(previous ? { previous: gasByFunction(previous) } : {}),
        // A proof's exploit test passes: its calls are what bounties reads, so every test keeps its trace.
        ...(run.purpose === 'proof' || run.purpose === 'recheck' ? { traces: 'all' as const } : {}),
      },
      progress.report,
    );
  } finally {
    await progress.close();
  }
  return finishContractRun(sql, jobs, run.userId, runId, await applyGasCheck(sql, runId, result));
};

/** What a run ends with when its job failed on every attempt (the engine could not start, say). */
export const contractRunGaveUp = 'The engine could not run this contract, however often it tried; the run was stopped.';

/**
 * After the job's last attempt failed: the run fails with a sentence rather than stay running
 * for ever (which would also hold the user's turn, and count against their waiting runs).
 */
export const giveUpContractRun = async (sql: Sql, jobs: Jobs, runId: string): Promise<boolean> => {
  const [run] = await sql<{ userId: string; network: Network; testType: TestType }[]>`
    select user_id, network, test_type from rewards.test_runs where id = ${runId} and status = 'running' and contract_hash is not null`;
  if (!run) return false;
  const result = failedResult({ source: '', network: run.network, testType: run.testType }, 'unknown', contractRunGaveUp);
  return finishContractRun(sql, jobs, run.userId, runId, result);
};
