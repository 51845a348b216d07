import { type ContractRunResult, contractRunResultSchema, type Network, type SuiteSource } from '@starforge/contracts/rewards';
import type { Db } from '@starforge/service-kit';
import { type EnginePurpose, engineRuns, startEngineRun as startRun } from '@starforge/rewards-published';

/**
 * The engine runs bounties starts in the rewards domain (issue 28): rewards owns the engine, its
 * queue and the daily test limit, and publishes `rewards.start_engine_run` (called inside the
 * caller's transaction, so a refused run rolls the caller's write back) and the view
 * `rewards.engine_runs`, both through rewards' client (`@starforge/rewards-published`). Its
 * SQLSTATEs (daily limit, too many runs waiting) are mapped by `rewardsSqlStates`, which the app registers.
 */

/** The network proofs and checks run on: a test network (its hardfork and chain id are the engine's). */
const PROOF_NETWORK: Network = 'sepolia';

/** Starts a run under `userId` in the caller's transaction; its id (rewards.engine_runs.id). */
export const startEngineRun = (
  tx: Db,
  userId: string,
  purpose: EnginePurpose,
  testType: 'smart_contract' | 'security_audit',
  sources: readonly SuiteSource[],
): Promise<string> => startRun(tx, { userId, purpose, testType, network: PROOF_NETWORK, sources });

export interface FinishedEngineRun {
  status: 'completed' | 'failed';
  /** The engine's result; null when the engine could not run it at all (rewards then keeps `{}`). */
  result: ContractRunResult | null;
}

/** The engine's result as rewards keeps it (JSON text), or null when it is none (`{}`: the engine could not run it). */
export const engineResultOf = (text: string | null): ContractRunResult | null => {
  if (text === null) return null;
  const parsed = contractRunResultSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
};

/** A run once it finished (null while it runs, or for no such run). The result is read as text: the pool's camelCase transform would rename its keys. */
export const finishedEngineRun = async (db: Db, runId: string): Promise<FinishedEngineRun | null> => {
  const [row] = await db<{ status: 'completed' | 'failed'; result: string | null }[]>`
    select status, result::text as result from ${engineRuns(db)} where id = ${runId} and status <> 'running'`;
  if (!row) return null;
  return { status: row.status, result: engineResultOf(row.result) };
};
