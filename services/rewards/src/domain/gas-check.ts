import { GAS_THRESHOLD_DEFAULT, type ContractRunResult, type GasCheckRequest, type GasThreshold } from '@starforge/contracts/rewards';
import type { Db } from '@starforge/service-kit';
import { gasCheck, gasCheckSummary } from './gas-diff';
import { storedResult, storedThreshold } from './gas-history';

/** A start's gas_check with its defaults filled in: what the run keeps until it finishes. */
export const resolvedGasCheck = (request: GasCheckRequest): GasThreshold => ({
  pct: request.threshold_pct ?? GAS_THRESHOLD_DEFAULT.pct,
  gas: request.threshold_gas ?? GAS_THRESHOLD_DEFAULT.gas,
});

/**
 * Between the engine's result and the run's finish: for a run that asked for a gas check, the
 * result against the suite's last completed run (the baseline a person accepted, as a committed
 * .gas-snapshot is; a run failed by its check never becomes one). A regression beyond the
 * threshold fails a run that had passed, its summary naming the worst; the outcome is kept in
 * the result either way. A run without a check is returned as it is.
 */
export const applyGasCheck = async (db: Db, runId: string, result: ContractRunResult): Promise<ContractRunResult> => {
  const [run] = await db<{ userId: string; testType: string; network: string; gasCheck: string | null }[]>`
    select user_id, test_type, network, gas_check::text as gas_check from rewards.test_runs where id = ${runId}`;
  const threshold = storedThreshold(run?.gasCheck ?? null);
  if (!run || !threshold) return result;
  const [last] = await db<{ id: string; result: string | null }[]>`
    select id, result::text as result from rewards.test_runs
    where user_id = ${run.userId} and status = 'completed' and id <> ${runId}
      and suite_key = rewards.gas_suite_key(${run.testType}, ${run.network}, ${db.json(result as never)})
    order by completed_at desc, id desc
    limit 1`;
  const baseline = storedResult(last?.result ?? null);
  const outcome = gasCheck(last && baseline ? { id: last.id, result: baseline } : null, result, threshold);
  const summary = result.status === 'completed' ? gasCheckSummary(outcome) : null;
  return { ...result, gas_check: outcome, ...(summary ? { status: 'failed' as const, summary } : {}) };
};
