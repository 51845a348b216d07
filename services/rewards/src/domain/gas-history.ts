import {
  GAS_HISTORY_RUNS,
  GAS_THRESHOLD_DEFAULT,
  contractRunResultSchema,
  gasThresholdSchema,
  type GasHistory,
  type GasHistoryQuery,
  type GasHistoryRun,
  type GasThreshold,
} from '@starforge/contracts/rewards';
import { notFound, type Db } from '@starforge/service-kit';
import { gasDiff } from './gas-diff';
import { iso } from './numbers';
import { storedJson } from './stored-json';

/**
 * A run's gas against an earlier run of its suite, with the series of the suite's last runs
 * (GET /test-runs/:id/gas). The suite is the run's `suite_key` (migration 00017); only the
 * caller's own runs are read, so a stranger's run, or a run of another suite, is not found.
 */

interface HistoryRow {
  id: string;
  status: 'completed' | 'failed';
  completedAt: Date;
  result: string | null;
}

const runOf = (row: HistoryRow): GasHistoryRun => ({ id: row.id, status: row.status, completed_at: iso(row.completedAt) });

/** The threshold a run was checked with, if it asked for a check. */
export const storedThreshold = (text: string | null): GasThreshold | null => storedJson(gasThresholdSchema, text);
export const storedResult = (text: string | null) => storedJson(contractRunResultSchema, text);

export const noEarlierRun = 'No earlier finished run of this suite has that id.';

/** null when the run is not one of the user's; throws 404 when `against` is no earlier run of its suite. */
export const getGasHistory = async (db: Db, userId: string, runId: string, query: GasHistoryQuery): Promise<GasHistory | null> => {
  const [run] = await db<{ id: string; status: string; suiteKey: string | null; gasCheck: string | null; result: string | null }[]>`
    select id, status, suite_key, gas_check::text as gas_check, result::text as result
    from rewards.test_runs where id = ${runId} and user_id = ${userId} and purpose = 'test'`;
  if (!run) return null;
  const checked = storedThreshold(run.gasCheck);
  const threshold: GasThreshold = {
    pct: query.threshold_pct ?? checked?.pct ?? GAS_THRESHOLD_DEFAULT.pct,
    gas: query.threshold_gas ?? checked?.gas ?? GAS_THRESHOLD_DEFAULT.gas,
  };
  const current = storedResult(run.result);
  if (run.status === 'running' || run.suiteKey === null || !current) {
    if (query.against) throw notFound(noEarlierRun);
    return { run_id: run.id, suite_key: null, against: null, threshold, runs: [], tests: [], functions: [], deployments: [], regressions: 0 };
  }
  // The suite's finished runs up to this one (this one included), newest first; the index's range.
  const history = await db<HistoryRow[]>`
    select h.id, h.status, h.completed_at, h.result::text as result
    from rewards.test_runs h, rewards.test_runs r
    where r.id = ${run.id} and h.user_id = ${userId} and h.suite_key = ${run.suiteKey}
      and (h.completed_at, h.id) <= (r.completed_at, r.id)
    order by h.completed_at desc, h.id desc
    limit ${GAS_HISTORY_RUNS}`;
  history.reverse();
  const againstId = query.against ?? current.gas_check?.against_run_id ?? history.at(-2)?.id ?? null;
  const against = againstId ? await earlierRun(db, userId, run.id, run.suiteKey, againstId, history) : null;
  if (query.against && !against) throw notFound(noEarlierRun);
  const diff = gasDiff(
    against ? storedResult(against.result) : null,
    current,
    threshold,
    history.map((h) => (h.id === run.id ? current : storedResult(h.result))),
  );
  return { run_id: run.id, suite_key: run.suiteKey, against: against ? runOf(against) : null, threshold, runs: history.map(runOf), ...diff };
};

/** One of the user's finished runs of the suite, finished before the run; from the history when it is there. */
const earlierRun = async (db: Db, userId: string, runId: string, suiteKey: string, id: string, history: HistoryRow[]): Promise<HistoryRow | null> => {
  const known = history.find((h) => h.id === id && h.id !== runId);
  if (known) return known;
  const [row] = await db<HistoryRow[]>`
    select e.id, e.status, e.completed_at, e.result::text as result
    from rewards.test_runs e, rewards.test_runs r
    where r.id = ${runId} and e.id = ${id} and e.user_id = ${userId} and e.suite_key = ${suiteKey}
      and (e.completed_at, e.id) < (r.completed_at, r.id)`;
  return row ?? null;
};
