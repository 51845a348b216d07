import type { ContractRunResult, DeploymentDiffRow, GasCheckOutcome, GasDiffRow, GasThreshold, GasVerdict } from '@starforge/contracts/rewards';

/**
 * "Did my change cost gas?": from two results of one suite, each test's, contract function's and
 * deployment's gas before and after, the change and whether it crosses the threshold; from the
 * suite's last runs, each one's series. Pure: the service reads the results, this compares them.
 */

/** One figure a result measured. */
interface Measure {
  contract: string;
  name: string;
  gas: number;
  /** A test that failed: its gas is where it stopped, not what the code costs. */
  failed: boolean;
  /** A deployment's runtime code size in bytes. */
  size?: number;
}

export interface GasMeasures {
  tests: Map<string, Measure>;
  functions: Map<string, Measure>;
  deployments: Map<string, Measure>;
}

const put = (map: Map<string, Measure>, key: string, measure: Measure) => {
  if (!map.has(key)) map.set(key, measure);
};

/**
 * What a result measured, by key. A suite's tests are its functions with `test` (`VaultTest:testX()`;
 * a fuzz test by its median, as forge snapshot compares; an invariant campaign has no gas of its
 * own and is left out); its functions are the gas report's `Vault.withdraw(uint256)`, by mean;
 * its deployments by contract. A one-file run's functions are tests of its contract_name, and
 * its deployment is contract_name's.
 */
export const gasMeasures = (result: ContractRunResult): GasMeasures => {
  const measures: GasMeasures = { tests: new Map(), functions: new Map(), deployments: new Map() };
  const fallback = result.contract_name ?? '';
  for (const fn of result.functions) {
    if (result.suite && !fn.test) continue;
    if (fn.test?.kind === 'invariant') continue;
    const contract = fn.test?.contract ?? fallback;
    put(measures.tests, `${contract}:${fn.signature}`, {
      contract,
      name: fn.signature,
      gas: fn.test?.fuzz?.median_gas ?? fn.gas_used,
      failed: fn.outcome === 'failed',
    });
  }
  for (const fn of result.suite?.function_gas ?? []) {
    put(measures.functions, `${fn.contract}.${fn.function}`, { contract: fn.contract, name: fn.function, gas: fn.mean, failed: false });
  }
  const deployments = result.suite
    ? result.suite.deployments
    : result.deployment
      ? [{ contract: fallback, gas_used: result.deployment.gas_used, code_size: result.deployment.code_size }]
      : [];
  for (const d of deployments) {
    put(measures.deployments, d.contract, { contract: d.contract, name: d.contract, gas: d.gas_used, failed: false, size: d.code_size });
  }
  return measures;
};

/** The gas a figure may move by without counting: the larger of pct % of the earlier figure and gas. */
export const allowance = (before: number, threshold: GasThreshold): number => Math.max(threshold.gas, (before * threshold.pct) / 100);

/** delta as a percentage of before, to two decimals; null when there is nothing to divide by. */
export const percentOf = (before: number, delta: number): number | null => (before === 0 ? null : Math.round((delta / before) * 10_000) / 100);

const verdictOf = (before: Measure | undefined, after: Measure | undefined, threshold: GasThreshold): GasVerdict => {
  if (before?.failed || after?.failed) return 'failing';
  if (!before) return 'added';
  if (!after) return 'removed';
  const delta = after.gas - before.gas;
  const room = allowance(before.gas, threshold);
  if (delta > room) return 'regression';
  if (delta < -room) return 'improvement';
  return 'within';
};

/** Rows for every key of either run: this run's in its order, then the ones it no longer has. */
const rowsOf = (
  before: Map<string, Measure>,
  after: Map<string, Measure>,
  threshold: GasThreshold,
  history: Map<string, Measure>[],
): (GasDiffRow & { beforeSize: number | null; afterSize: number | null })[] => {
  const keys = [...after.keys(), ...[...before.keys()].filter((k) => !after.has(k))];
  return keys.map((key) => {
    const b = before.get(key);
    const a = after.get(key);
    const known = (a ?? b) as Measure;
    const delta = a && b ? a.gas - b.gas : null;
    return {
      key,
      contract: known.contract,
      name: known.name,
      before: b?.gas ?? null,
      after: a?.gas ?? null,
      delta,
      percent: delta !== null && b ? percentOf(b.gas, delta) : null,
      verdict: verdictOf(b, a, threshold),
      series: history.map((run) => run.get(key)?.gas ?? null),
      beforeSize: b?.size ?? null,
      afterSize: a?.size ?? null,
    };
  });
};

const plain = ({ beforeSize: _b, afterSize: _a, ...row }: GasDiffRow & { beforeSize: number | null; afterSize: number | null }): GasDiffRow => row;

export interface GasDiff {
  tests: GasDiffRow[];
  functions: GasDiffRow[];
  deployments: DeploymentDiffRow[];
  regressions: number;
}

const empty: GasMeasures = { tests: new Map(), functions: new Map(), deployments: new Map() };

/**
 * This run's gas against an earlier run's (null: none, so every figure is `added`), with each
 * row's series over `history` (results oldest first, this run's last; null for a run that is
 * not a result, such as one that did not parse).
 */
export const gasDiff = (
  earlier: ContractRunResult | null,
  current: ContractRunResult,
  threshold: GasThreshold,
  history: (ContractRunResult | null)[] = [],
): GasDiff => {
  const before = earlier ? gasMeasures(earlier) : empty;
  const after = gasMeasures(current);
  const past = history.map((r) => (r ? gasMeasures(r) : empty));
  const tests = rowsOf(
    before.tests,
    after.tests,
    threshold,
    past.map((m) => m.tests),
  ).map(plain);
  const functions = rowsOf(
    before.functions,
    after.functions,
    threshold,
    past.map((m) => m.functions),
  ).map(plain);
  const deployments = rowsOf(
    before.deployments,
    after.deployments,
    threshold,
    past.map((m) => m.deployments),
  ).map(({ beforeSize, afterSize, ...row }) => ({ ...row, size_before: beforeSize, size_after: afterSize }));
  const regressions = [...tests, ...functions].filter((r) => r.verdict === 'regression').length;
  return { tests, functions, deployments, regressions };
};

const withoutSeries = ({ series: _series, ...row }: GasDiffRow): Omit<GasDiffRow, 'series'> => row;

/**
 * Foundry's `snapshot --check` for a run, per test and per function: the regressions against the
 * suite's last completed run and the worst of them (the largest increase in gas).
 */
export const gasCheck = (earlier: { id: string; result: ContractRunResult } | null, current: ContractRunResult, threshold: GasThreshold): GasCheckOutcome => {
  if (!earlier) return { threshold, against_run_id: null, regressions: 0, worst: null };
  const diff = gasDiff(earlier.result, current, threshold);
  const regressions = [...diff.tests, ...diff.functions].filter((r) => r.verdict === 'regression');
  const worst = regressions.reduce<GasDiffRow | null>((w, r) => (w === null || (r.delta ?? 0) > (w.delta ?? 0) ? r : w), null);
  return { threshold, against_run_id: earlier.id, regressions: regressions.length, worst: worst ? withoutSeries(worst) : null };
};

const gasText = (n: number) => n.toLocaleString('en-US');

/** The summary of a run its gas check failed: the worst regression named, and how many there are. */
export const gasCheckSummary = (outcome: GasCheckOutcome): string | null => {
  const worst = outcome.worst;
  if (!worst || worst.delta === null || worst.before === null) return null;
  const pct = worst.percent === null ? '' : ` (+${worst.percent} %)`;
  const others = outcome.regressions > 1 ? `; ${outcome.regressions} tests and functions in all cost more` : '';
  return (
    `Gas check failed: ${worst.key} costs ${gasText(worst.delta)} gas more than in the suite's last completed run${pct}, ` +
    `${gasText(worst.before)} → ${gasText(worst.before + worst.delta)}, beyond the threshold of ${outcome.threshold.pct} % or ${gasText(outcome.threshold.gas)} gas${others}.`
  );
};
