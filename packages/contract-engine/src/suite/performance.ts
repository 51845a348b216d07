import type { FunctionResult, Throughput } from '@starforge/contracts/rewards';
import { gasText } from '../words';

/**
 * The `performance` test type on a suite (issue 27 §5): calls and gas per second of each passing
 * test, from what EDR measured in the child (each test's execution time, gas and runs), and of
 * the suite. A call is one execution of a test function (a unit test: one; a fuzz test: one per
 * run) or one call of an invariant campaign (EDR's count of the calls it made). Gas: a unit
 * test's own, a fuzz test's runs × its mean gas; EDR gives none for an invariant campaign, so it
 * has calls per second only. setUp is in neither: EDR runs it before
 * the test's clock and leaves its gas out of the test's. A failed test has no figures: its time
 * includes shrinking its counter-example and replaying it for the trace.
 */

const perSecond = (amount: number, ms: number) => (ms > 0 ? Math.round((amount * 1000) / ms) : 0);

const throughput = (calls: number, gas: number | null, ms: number): Throughput => ({
  calls,
  gas,
  duration_ms: Math.round(ms * 1000) / 1000,
  calls_per_second: perSecond(calls, ms),
  gas_per_second: gas === null ? null : perSecond(gas, ms),
});

/** A passing test's figures; null for a failed test or one that made no call (a skipped one, a `testFail…`). */
const testThroughput = (fn: FunctionResult): Throughput | null => {
  const test = fn.test;
  if (!test || fn.outcome !== 'passed') return null;
  if (test.invariant) return test.invariant.calls > 0 ? throughput(test.invariant.calls, null, test.duration_ms) : null;
  if (test.fuzz) return test.fuzz.runs > 0 ? throughput(test.fuzz.runs, test.fuzz.runs * test.fuzz.mean_gas, test.duration_ms) : null;
  // A unit test EDR skipped (vm.skip) counts as passed but ran nothing measurable.
  return test.duration_ms > 0 ? throughput(1, fn.gas_used, test.duration_ms) : null;
};

/** The suite's figures: every measured test's calls over their summed times; gas over the times of the tests that report gas. */
const suiteThroughput = (measured: readonly Throughput[]): Throughput => {
  const calls = measured.reduce((sum, t) => sum + t.calls, 0);
  const ms = measured.reduce((sum, t) => sum + t.duration_ms, 0);
  const withGas = measured.filter((t) => t.gas !== null);
  const gas = withGas.length ? withGas.reduce((sum, t) => sum + (t.gas ?? 0), 0) : null;
  const gasMs = withGas.reduce((sum, t) => sum + t.duration_ms, 0);
  return { ...throughput(calls, null, ms), gas, gas_per_second: gas === null ? null : perSecond(gas, gasMs) };
};

/** Gives each passing test its figures and answers the suite's; null when no test could be measured. */
const measureThroughput = (functions: FunctionResult[]): Throughput | null => {
  const measured: Throughput[] = [];
  for (const fn of functions) {
    const figures = testThroughput(fn);
    if (!figures) continue;
    fn.throughput = figures;
    measured.push(figures);
  }
  return measured.length ? suiteThroughput(measured) : null;
};

/** "4 tests made 1,291 calls at 20,113 calls and 1,234,567,890 gas a second on EDR (…)." */
const throughputSummary = (tests: number, total: Throughput): string =>
  `${tests} test${tests === 1 ? '' : 's'} made ${gasText(total.calls)} call${total.calls === 1 ? '' : 's'} at ${gasText(total.calls_per_second)} calls` +
  `${total.gas_per_second === null ? '' : ` and ${gasText(total.gas_per_second)} gas`} a second on EDR ` +
  '(a call is a unit test, a fuzz run or an invariant call; setUp not counted).';

/**
 * A performance run's verdict over its tests as run (`tests`: the smart_contract verdict): a
 * failing test fails it (the passing tests keep their figures), as does a suite none of whose
 * tests could be measured; else the suite's figures in one sentence.
 */
export const performanceOf = (
  functions: FunctionResult[],
  tests: { status: 'completed' | 'failed'; summary: string },
): { status: 'completed' | 'failed'; summary: string; throughput: Throughput | null } => {
  const total = measureThroughput(functions);
  if (tests.status === 'failed') return { ...tests, throughput: total };
  if (!total) return { status: 'failed', summary: 'No test made a call that could be timed: every test was skipped.', throughput: null };
  const measured = functions.filter((f) => f.throughput).length;
  return { status: 'completed', summary: throughputSummary(measured, total), throughput: total };
};
