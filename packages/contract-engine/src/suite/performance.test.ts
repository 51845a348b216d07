import type { FunctionResult, SuiteTestFields } from '@starforge/contracts/rewards';
import { describe, expect, it } from 'vitest';
import { performanceOf } from './performance';

// The arithmetic on EDR's figures; run-request.test.ts runs a suite for real.
const result = (name: string, gas: number, test: Partial<SuiteTestFields>, outcome: 'passed' | 'failed' = 'passed'): FunctionResult => ({
  name,
  signature: `${name}()`,
  outcome,
  gas_used: gas,
  test: { kind: 'unit', contract: 'T', file: 't.sol', duration_ms: 1, logs: [], ...test },
});
const passing = { status: 'completed' as const, summary: 'All passed.' };

describe('a suite’s performance figures', () => {
  it('counts a unit test as one call, a fuzz test its runs × mean gas, an invariant its calls without gas; the suite’s gas over the tests with gas', () => {
    const functions = [
      result('testUnit', 50_000, { duration_ms: 0.05 }),
      result('testFuzz', 30_000, { kind: 'fuzz', duration_ms: 10, fuzz: { runs: 256, mean_gas: 31_000, median_gas: 30_000 } }),
      result('invariantX', 0, { kind: 'invariant', duration_ms: 40, invariant: { runs: 256, depth: 15, calls: 3_840, reverts: 0 } }),
    ];
    const measured = performanceOf(functions, passing);
    expect(functions.map((f) => f.throughput)).toEqual([
      { calls: 1, gas: 50_000, duration_ms: 0.05, calls_per_second: 20_000, gas_per_second: 1_000_000_000 },
      { calls: 256, gas: 7_936_000, duration_ms: 10, calls_per_second: 25_600, gas_per_second: 793_600_000 },
      { calls: 3_840, gas: null, duration_ms: 40, calls_per_second: 96_000, gas_per_second: null },
    ]);
    // Calls over 50.05 ms; gas over the 10.05 ms of the two tests that report gas.
    expect(measured.throughput).toEqual({ calls: 4_097, gas: 7_986_000, duration_ms: 50.05, calls_per_second: 81_858, gas_per_second: 794_626_866 });
    expect(measured).toMatchObject({
      status: 'completed',
      summary:
        '3 tests made 4,097 calls at 81,858 calls and 794,626,866 gas a second on EDR (a call is a unit test, a fuzz run or an invariant call; setUp not counted).',
    });
  });

  it('gives a failed or skipped test no figures, and a run with only such tests fails', () => {
    const failed = result('testBad', 40_000, { duration_ms: 2 }, 'failed');
    const skipped = result('testSkipped', 0, { duration_ms: 0 });
    const verdict = { status: 'failed' as const, summary: '1 of 2 tests failed: T.testBad(): no.' };
    expect(performanceOf([failed, skipped], verdict)).toEqual({ ...verdict, throughput: null });
    expect(failed.throughput).toBeUndefined();
    expect(performanceOf([result('testSkipped', 0, { duration_ms: 0 })], passing)).toEqual({
      status: 'failed',
      summary: 'No test made a call that could be timed: every test was skipped.',
      throughput: null,
    });
  });

  it('says an invariant-only suite’s rate without gas', () => {
    const only = [result('invariantX', 0, { kind: 'invariant', duration_ms: 20, invariant: { runs: 1, depth: 15, calls: 15, reverts: 0 } })];
    expect(performanceOf(only, passing).summary).toBe(
      '1 test made 15 calls at 750 calls a second on EDR (a call is a unit test, a fuzz run or an invariant call; setUp not counted).',
    );
  });
});
