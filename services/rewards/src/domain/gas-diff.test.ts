import { describe, expect, it } from 'vitest';
import { GAS_THRESHOLD_DEFAULT } from '@starforge/contracts/rewards';
import { oneFileResult, suiteResult } from '../testing/gas-results';
import { allowance, gasCheck, gasCheckSummary, gasDiff, gasMeasures, percentOf } from './gas-diff';

const strict = { pct: 0, gas: 0 };

describe('what a result measured', () => {
  it('keys a suite’s tests Contract:signature (fuzz by median, invariants left out), functions Contract.signature by mean, deployments by contract', () => {
    const result = suiteResult({
      tests: [
        { signature: 'testDeposit()', gas: 40_000 },
        { signature: 'testFuzz_Withdraw(uint256)', gas: 51_000, kind: 'fuzz', median: 50_000 },
        { signature: 'invariant_solvent()', gas: 0, kind: 'invariant' },
        { contract: 'OtherTest', signature: 'testDeposit()', gas: 41_000 },
      ],
      functions: [
        { function: 'deposit()', mean: 22_000 },
        { contract: 'Token', function: 'transfer(address,uint256)', mean: 30_000 },
      ],
      deployments: [{ contract: 'Vault', gas: 300_000, size: 1_200 }],
    });
    const m = gasMeasures(result);
    // setUp() has no test fields in a suite: not a test.
    expect([...m.tests.keys()]).toEqual(['VaultTest:testDeposit()', 'VaultTest:testFuzz_Withdraw(uint256)', 'OtherTest:testDeposit()']);
    expect(m.tests.get('VaultTest:testFuzz_Withdraw(uint256)')?.gas).toBe(50_000);
    expect([...m.functions.entries()].map(([k, v]) => [k, v.gas])).toEqual([
      ['Vault.deposit()', 22_000],
      ['Token.transfer(address,uint256)', 30_000],
    ]);
    expect(m.deployments.get('Vault')).toMatchObject({ gas: 300_000, size: 1_200 });
  });

  it('reads a one-file run: each function a test of contract_name, its deployment by contract_name', () => {
    const m = gasMeasures(
      oneFileResult({
        contract: 'CounterTest',
        functions: [
          { signature: 'setUp()', gas: 100 },
          { signature: 'testIncrement()', gas: 200 },
        ],
        deployment: { gas: 9_000, size: 400 },
      }),
    );
    expect([...m.tests.keys()]).toEqual(['CounterTest:setUp()', 'CounterTest:testIncrement()']);
    expect(m.functions.size).toBe(0);
    expect([...m.deployments.keys()]).toEqual(['CounterTest']);
  });
});

describe('the threshold', () => {
  it('is the larger of the percentage of the earlier figure and the gas', () => {
    expect(allowance(20_000, GAS_THRESHOLD_DEFAULT)).toBe(500); // 1 % is 200
    expect(allowance(1_000_000, GAS_THRESHOLD_DEFAULT)).toBe(10_000);
    expect(allowance(1_000_000, strict)).toBe(0);
  });

  it('percent has two decimals and no value over nothing', () => {
    expect(percentOf(30_000, 1_000)).toBe(3.33);
    expect(percentOf(30_000, -1_000)).toBe(-3.33);
    expect(percentOf(0, 5)).toBeNull();
  });
});

describe('two runs of a suite compared', () => {
  const before = suiteResult({
    tests: [
      { signature: 'testDeposit()', gas: 40_000 },
      { signature: 'testWithdraw()', gas: 60_000 },
      { signature: 'testSmall()', gas: 20_000 },
      { signature: 'testGone()', gas: 1_000 },
      { signature: 'testBroken()', gas: 5_000 },
    ],
    functions: [
      { function: 'deposit()', mean: 22_000 },
      { function: 'withdraw(uint256)', mean: 1_000_000 },
    ],
    deployments: [{ contract: 'Vault', gas: 300_000, size: 1_200 }],
  });
  const after = suiteResult({
    tests: [
      { signature: 'testDeposit()', gas: 40_000 }, // unchanged
      { signature: 'testWithdraw()', gas: 61_000 }, // +1,000: beyond 500
      { signature: 'testSmall()', gas: 20_400 }, // +400: 2 %, but under 500 gas
      { signature: 'testNew()', gas: 7_000 },
      { signature: 'testBroken()', gas: 900, outcome: 'failed' },
    ],
    functions: [
      { function: 'deposit()', mean: 21_000 },
      { function: 'withdraw(uint256)', mean: 1_009_000 },
    ],
    deployments: [{ contract: 'Vault', gas: 310_000, size: 1_260 }],
  });

  it('gives each test before, after, delta, percent and a verdict against the default threshold', () => {
    const diff = gasDiff(before, after, GAS_THRESHOLD_DEFAULT);
    const byKey = Object.fromEntries(diff.tests.map((r) => [r.key, r]));
    expect(byKey['VaultTest:testDeposit()']).toMatchObject({ before: 40_000, after: 40_000, delta: 0, percent: 0, verdict: 'within' });
    expect(byKey['VaultTest:testWithdraw()']).toMatchObject({ before: 60_000, after: 61_000, delta: 1_000, percent: 1.67, verdict: 'regression' });
    expect(byKey['VaultTest:testSmall()']).toMatchObject({ delta: 400, percent: 2, verdict: 'within' });
    expect(byKey['VaultTest:testNew()']).toMatchObject({ before: null, after: 7_000, delta: null, percent: null, verdict: 'added' });
    expect(byKey['VaultTest:testGone()']).toMatchObject({ before: 1_000, after: null, delta: null, verdict: 'removed' });
    expect(byKey['VaultTest:testBroken()']).toMatchObject({ delta: -4_100, verdict: 'failing' });
    // This run's tests in its order, then the one it no longer has.
    expect(diff.tests.map((r) => r.name)).toEqual(['testDeposit()', 'testWithdraw()', 'testSmall()', 'testNew()', 'testBroken()', 'testGone()']);
  });

  it('gives each contract function its own verdict: 1 % of a million is 10,000 gas', () => {
    const diff = gasDiff(before, after, GAS_THRESHOLD_DEFAULT);
    expect(diff.functions.map((r) => [r.key, r.delta, r.verdict])).toEqual([
      ['Vault.deposit()', -1_000, 'improvement'],
      ['Vault.withdraw(uint256)', 9_000, 'within'],
    ]);
    expect(diff.regressions).toBe(1);
    // With no tolerance, withdraw's 9,000 gas counts too, and testSmall's 400.
    expect(gasDiff(before, after, strict).regressions).toBe(3);
  });

  it('gives deployments their gas and code size in both runs', () => {
    const [vault] = gasDiff(before, after, GAS_THRESHOLD_DEFAULT).deployments;
    expect(vault).toMatchObject({
      key: 'Vault',
      before: 300_000,
      after: 310_000,
      delta: 10_000,
      percent: 3.33,
      verdict: 'regression',
      size_before: 1_200,
      size_after: 1_260,
    });
  });

  it('without an earlier run every figure is added and nothing regresses', () => {
    const diff = gasDiff(null, after, strict);
    expect(diff.tests.every((r) => r.verdict === 'added' || r.verdict === 'failing')).toBe(true);
    expect(diff.regressions).toBe(0);
  });

  it('compares a one-file run with the next one of the same contract', () => {
    const first = oneFileResult({
      contract: 'CounterTest',
      functions: [{ signature: 'testIncrement()', gas: 30_000 }],
      deployment: { gas: 100_000, size: 500 },
    });
    const second = oneFileResult({
      contract: 'CounterTest',
      functions: [{ signature: 'testIncrement()', gas: 32_000 }],
      deployment: { gas: 100_000, size: 500 },
    });
    const diff = gasDiff(first, second, GAS_THRESHOLD_DEFAULT);
    expect(diff.tests).toMatchObject([
      { key: 'CounterTest:testIncrement()', before: 30_000, after: 32_000, delta: 2_000, percent: 6.67, verdict: 'regression' },
    ]);
    expect(diff.deployments).toMatchObject([{ key: 'CounterTest', delta: 0, verdict: 'within' }]);
  });
});

describe('the series of the last runs', () => {
  it('gives each row its gas in every run of the history, null where a run did not measure it', () => {
    const runs = [30_000, 31_000, 29_000].map((gas) =>
      suiteResult({ tests: [{ signature: 'testA()', gas }], functions: [{ function: 'a()', mean: gas / 2 }] }),
    );
    const newer = suiteResult({
      tests: [
        { signature: 'testA()', gas: 28_000 },
        { signature: 'testB()', gas: 5_000 },
      ],
      functions: [{ function: 'a()', mean: 14_000 }],
    });
    const diff = gasDiff(runs[2] ?? null, newer, GAS_THRESHOLD_DEFAULT, [...runs, null, newer]);
    expect(diff.tests.map((r) => [r.key, r.series])).toEqual([
      ['VaultTest:testA()', [30_000, 31_000, 29_000, null, 28_000]],
      ['VaultTest:testB()', [null, null, null, null, 5_000]],
    ]);
    expect(diff.functions[0]?.series).toEqual([15_000, 15_500, 14_500, null, 14_000]);
  });
});

describe('the gas check (forge snapshot --check, per test and per function)', () => {
  const last = suiteResult({
    tests: [
      { signature: 'testA()', gas: 30_000 },
      { signature: 'testB()', gas: 50_000 },
    ],
    functions: [{ function: 'a()', mean: 20_000 }],
  });

  it('names the worst regression: the largest increase in gas, with the count of all of them', () => {
    const now = suiteResult({
      tests: [
        { signature: 'testA()', gas: 31_000 },
        { signature: 'testB()', gas: 50_000 },
      ],
      functions: [{ function: 'a()', mean: 23_000 }],
    });
    const outcome = gasCheck({ id: 'run-1', result: last }, now, GAS_THRESHOLD_DEFAULT);
    expect(outcome).toMatchObject({
      against_run_id: 'run-1',
      regressions: 2,
      worst: { key: 'Vault.a()', before: 20_000, after: 23_000, delta: 3_000, percent: 15 },
    });
    expect(outcome.worst).not.toHaveProperty('series');
    expect(gasCheckSummary(outcome)).toBe(
      "Gas check failed: Vault.a() costs 3,000 gas more than in the suite's last completed run (+15 %), 20,000 → 23,000, beyond the threshold of 1 % or 500 gas; 2 tests and functions in all cost more.",
    );
  });

  it('passes within the threshold, and with no earlier run', () => {
    const now = suiteResult({
      tests: [
        { signature: 'testA()', gas: 30_400 },
        { signature: 'testB()', gas: 40_000 },
      ],
      functions: [{ function: 'a()', mean: 20_100 }],
    });
    const outcome = gasCheck({ id: 'run-1', result: last }, now, GAS_THRESHOLD_DEFAULT);
    expect(outcome).toMatchObject({ regressions: 0, worst: null });
    expect(gasCheckSummary(outcome)).toBeNull();
    expect(gasCheck(null, now, strict)).toEqual({ threshold: strict, against_run_id: null, regressions: 0, worst: null });
  });
});
