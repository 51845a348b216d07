import { createHash } from 'node:crypto';
import { createEnginePool, gasByFunction, type EnginePoolOptions, type EngineRequest, type EngineResult } from '@starforge/contract-engine';
import { contractRunResultSchema, type ContractCall, type Network, type TestType } from '@starforge/contracts';
import type { Sql } from '@starforge/service-kit';

/** The durable job that compiles and runs a run's contract, then finishes the run with the result. */
export const EXECUTE_CONTRACT_RUN_JOB = 'test-run.execute';
export interface ExecuteContractRunJob {
  runId: string;
}

/** What the job needs of the engine: a run, off this thread (tests and the service pass a pool). */
export interface ContractEngine {
  run: (request: EngineRequest) => Promise<EngineResult>;
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
    run: (request) => {
      pool ??= createEnginePool(options);
      return pool.run(request);
    },
    close: async () => {
      await pool?.close();
    },
  };
};

/** SHA-256 of a source in hex: "the same contract" when a run compares its gas with the last one. */
export const contractHash = (source: string): string => createHash('sha256').update(source, 'utf8').digest('hex');

interface PendingContractRun {
  userId: string;
  network: Network;
  testType: TestType;
  source: string;
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
 * The job's work: compile and run the contract of a run still running (nothing otherwise, so a
 * retried or repeated job finishes it once), with each function's gas compared against the
 * user's last finished run of the same contract and test type, then finish the run with the
 * result in one statement: its status, points, real gas and the result itself.
 */
export const executeContractRun = async (sql: Sql, engine: ContractEngine, runId: string): Promise<boolean> => {
  const [run] = await sql<PendingContractRun[]>`
    select user_id, network, test_type, contract_source as source, contract_hash as hash, contract_call::text as call
    from rewards.test_runs where id = ${runId} and status = 'running' and contract_hash is not null`;
  if (!run) return false;
  const [last] = await sql<{ result: string | null }[]>`
    select result::text as result from rewards.test_runs
    where user_id = ${run.userId} and contract_hash = ${run.hash} and test_type = ${run.testType} and status <> 'running' and id <> ${runId}
    order by completed_at desc, id desc limit 1`;
  const previous = storedResult(last?.result ?? null);
  const call = run.call ? (JSON.parse(run.call) as ContractCall) : undefined;
  const result = await engine.run({
    source: run.source,
    testType: run.testType,
    network: run.network,
    ...(call ? { call } : {}),
    ...(previous ? { previous: gasByFunction(previous) } : {}),
  });
  // gas_used is positive or absent (a run that compiled nothing used none), and an integer column.
  const gas = result.total_gas > 0 ? Math.min(result.total_gas, 2_147_483_647) : null;
  const [row] = await sql<{ finished: boolean }[]>`
    select rewards._finish_test_run(${runId}, ${result.status === 'completed'}, null, ${gas}, null, ${sql.json(result as never)}) as finished`;
  return row?.finished ?? false;
};
