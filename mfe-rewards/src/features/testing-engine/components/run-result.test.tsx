import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { contractRunResultSchema, type ContractRunResult } from '@starforge/contracts/rewards';
import { RunResult } from './run-result';

/** A suite's result as the engine will send it, built from the wire schema (parsed, so a shape it refuses fails here). */
const suiteResult: ContractRunResult = contractRunResultSchema.parse({
  status: 'failed',
  summary: '3 of 5 tests passed; testWithdrawAll failed: not enough',
  network: 'ethereum',
  test_type: 'smart_contract',
  contract_name: 'VaultTest',
  compiler: { version: '0.8.37+commit.abc', evm_version: 'prague' },
  deployment: null,
  functions: [
    {
      name: 'testDeposit',
      signature: 'testDeposit()',
      outcome: 'passed',
      gas_used: 43_210,
      test: { kind: 'unit', contract: 'VaultTest', file: 'test/Vault.t.sol', duration_ms: 1.5, logs: ['alice deposited 1000000000000000000'] },
    },
    {
      name: 'testWithdrawAll',
      signature: 'testWithdrawAll()',
      outcome: 'failed',
      gas_used: 30_001,
      revert_reason: 'not enough',
      test: {
        kind: 'unit',
        contract: 'VaultTest',
        file: 'test/Vault.t.sol',
        duration_ms: 2,
        logs: [],
        trace: [
          {
            depth: 0,
            kind: 'CALL',
            contract: 'VaultTest',
            function: 'testWithdrawAll()',
            args: '',
            gas_used: 30_001,
            outcome: 'reverted',
            output: 'not enough',
          },
          { depth: 1, kind: 'CALL', contract: 'Vault', function: 'deposit()', args: '', value: '5', gas_used: 22_000, outcome: 'returned', output: '' },
          { depth: 1, kind: 'CALL', contract: 'Vault', function: 'withdraw(uint256)', args: '6', gas_used: 2_100, outcome: 'reverted', output: 'not enough' },
          { depth: 2, kind: 'STATICCALL', contract: 'Oracle', function: 'price()', args: '', gas_used: 300, outcome: 'returned', output: '42' },
        ],
      },
    },
    {
      name: 'testFuzzWithdraw',
      signature: 'testFuzzWithdraw(uint96)',
      outcome: 'failed',
      gas_used: 51_000,
      test: {
        kind: 'fuzz',
        contract: 'VaultTest',
        file: 'test/Vault.t.sol',
        duration_ms: 48,
        logs: [],
        failure: 'assertion failed: 0 != 7',
        fuzz: {
          runs: 37,
          mean_gas: 50_120,
          median_gas: 49_990,
          counterexample: {
            args: [{ name: 'amount', type: 'uint96', value: '7' }],
            calldata: '0x1b2c3d4e0000000000000000000000000000000000000000000000000000000000000007',
          },
        },
      },
    },
    {
      name: 'invariantHoldsWhatItOwes',
      signature: 'invariantHoldsWhatItOwes()',
      outcome: 'failed',
      gas_used: 9_000,
      test: {
        kind: 'invariant',
        contract: 'VaultTest',
        file: 'test/Vault.t.sol',
        duration_ms: 840,
        logs: [],
        invariant: {
          runs: 256,
          depth: 15,
          calls: 3_840,
          reverts: 12,
          sequence: [
            { sender: '0x00000000000000000000000000000000000a11ce', contract: 'Vault', function: 'deposit()', args: [] },
            {
              sender: '0x00000000000000000000000000000000000a11ce',
              contract: 'Vault',
              function: 'skim(uint256)',
              args: [{ name: 'amount', type: 'uint256', value: '3' }],
            },
          ],
        },
      },
    },
    {
      name: 'testFuzzLong',
      signature: 'testFuzzLong(uint256)',
      outcome: 'passed',
      gas_used: 70_000,
      test: {
        kind: 'fuzz',
        contract: 'VaultTest',
        file: 'test/Vault.t.sol',
        duration_ms: 5_000,
        logs: [],
        fuzz: { runs: 120, mean_gas: 70_000, median_gas: 69_000 },
        stopped_by_timeout: true,
      },
    },
  ],
  errors: [],
  warnings: [],
  findings: [],
  total_gas: 203_211,
  duration_ms: 2_400,
  suite: {
    files: ['src/Vault.sol', 'test/Vault.t.sol'],
    tests_total: 5,
    tests_passed: 2,
    function_gas: [{ contract: 'Vault', function: 'withdraw(uint256)', calls: 300, min: 2_100, mean: 9_876, median: 9_000, max: 30_500 }],
    deployments: [{ contract: 'Vault', gas_used: 250_123, code_size: 1_234 }],
    compile_cached: true,
    compile_ms: 0,
  },
});

/** The page's text, tags dropped, so assertions read as the user does. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('RunResult of a suite', () => {
  const html = renderToStaticMarkup(<RunResult result={suiteResult} />);
  const text = textOf(html);

  it('says how many tests passed of the total, and that it compiled from the cache', () => {
    expect(text).toContain('Tests 2 of 5 passed');
    expect(text).toContain('compiled from cache');
  });

  it('shows each test with its status, kind, gas (a fuzz test’s mean and median), time and logs', () => {
    expect(text).toMatch(/Passed VaultTest\.testDeposit\(\) Unit Gas 43,210 gas Time 1\.5 ms/);
    expect(text).toContain('alice deposited 1000000000000000000');
    expect(text).toMatch(/Failed VaultTest\.testFuzzWithdraw\(uint96\) Fuzz Gas mean 50,120, median 49,990 gas Time 48 ms Campaign 37 runs/);
    expect(text).toContain('assertion failed: 0 != 7');
  });

  it('gives a fuzz failure’s counter-example with its calldata and a Copy button', () => {
    expect(text).toContain('Counter-example: amount = 7');
    expect(html).toMatch(
      /Calldata <code>0x1b2c3d4e0{63}7<\/code> <button type="button"[^>]*aria-label="Copy the calldata of testFuzzWithdraw"[^>]*>Copy<\/button>/,
    );
  });

  it('gives an invariant’s campaign and the sequence of calls that broke it, in order', () => {
    expect(text).toContain('Campaign 256 runs × 15 calls deep (3,840 calls, 12 reverted)');
    expect(text).toMatch(/The calls that broke it: 0x0+a11ce → Vault\.deposit\(\) 0x0+a11ce → Vault\.skim\(amount = 3\)/);
  });

  it('draws a failure’s call trace as a nested tree: calls with arguments, return or revert, gas', () => {
    expect(html).toContain('<figure class="sf-trace"><figcaption>Call trace of testWithdrawAll</figcaption>');
    const trace = html.slice(html.indexOf('Call trace of testWithdrawAll'));
    expect(textOf(trace)).toMatch(
      /VaultTest\.testWithdrawAll\(\) → revert: not enough · 30,001 gas Vault\.deposit\(\) \{value: 5\} → ok · 22,000 gas Vault\.withdraw\(6\) → revert: not enough · 2,100 gas Oracle\.price\(\) → 42 · 300 gas/,
    );
    // price() sits one list deeper than withdraw, which sits one deeper than the test.
    expect(trace).toMatch(
      /<ol class="sf-trace-level"><li class="is-reverted"><code>VaultTest.*?<ol class="sf-trace-level"><li><code>Vault\.deposit.*?<li class="is-reverted"><code>Vault\.withdraw\(6\).*?<ol class="sf-trace-level"><li><code>Oracle/,
    );
    expect(html.match(/Call trace of/g)).toHaveLength(1);
  });

  it('says when a campaign was stopped by its time limit', () => {
    expect(text).toMatch(/VaultTest\.testFuzzLong\(uint256\) Fuzz .*Stopped by its time limit: it passed only as far as it got\./);
  });

  it('tabulates gas per function and the deployments', () => {
    expect(text).toContain('Gas per function Contract Function Calls Min Mean Median Max Vault withdraw(uint256) 300 2,100 9,876 9,000 30,500');
    expect(text).toContain('Deployments Contract Gas Size Vault 250,123 1,234 bytes');
  });

  it('leaves a one-file run’s table as it was', () => {
    const { suite: _suite, ...oneFile } = suiteResult;
    const plain = textOf(renderToStaticMarkup(<RunResult result={{ ...oneFile, functions: oneFile.functions.map(({ test: _test, ...fn }) => fn) }} />));
    expect(plain).toContain('Functions called');
    expect(plain).not.toContain('of 5 passed');
  });
});

describe('RunResult of a suite’s performance and gas_optimization runs', () => {
  const figures = (calls: number, gas: number | null, ms: number) => ({
    calls,
    gas,
    duration_ms: ms,
    calls_per_second: Math.round((calls * 1000) / ms),
    gas_per_second: gas === null ? null : Math.round((gas * 1000) / ms),
  });
  const [deposit, , , invariant] = suiteResult.functions;
  const performance = contractRunResultSchema.parse({
    ...suiteResult,
    status: 'completed',
    test_type: 'performance',
    functions: [
      { ...deposit, throughput: figures(1, 43_210, 0.04) },
      {
        ...invariant,
        outcome: 'passed',
        test: { ...invariant!.test, invariant: { runs: 256, depth: 15, calls: 3_840, reverts: 12 } },
        throughput: figures(3_840, null, 68),
      },
    ],
    suite: { ...suiteResult.suite, throughput: { calls: 3_841, gas: 43_210, duration_ms: 68.04, calls_per_second: 56_452, gas_per_second: 1_080_250_000 } },
  });

  it('tabulates each passing test’s calls and gas per second on EDR and the suite’s, saying what a call is', () => {
    const text = textOf(renderToStaticMarkup(<RunResult result={performance} />));
    expect(text).toContain('Calls and gas per second A call is a unit test, a fuzz run or an invariant call; setUp is not counted.');
    expect(text).toContain(
      'Performance on EDR Test Calls Time Calls per second Gas per second ' +
        'VaultTest.testDeposit() 1 40 µs 25,000 a second 1,080,250,000 a second ' +
        'VaultTest.invariantHoldsWhatItOwes() 3,840 68 ms 56,471 a second — ' +
        'The suite 3,841 68 ms 56,452 a second 1,080,250,000 a second',
    );
  });

  it('gives each contract function its mean gas with the optimizer on and the difference', () => {
    const optimized = contractRunResultSchema.parse({
      ...suiteResult,
      test_type: 'gas_optimization',
      suite: {
        ...suiteResult.suite,
        function_gas: [
          {
            contract: 'Vault',
            function: 'withdraw(uint256)',
            calls: 300,
            min: 2_100,
            mean: 10_000,
            median: 9_000,
            max: 30_500,
            optimized: { calls: 300, min: 2_000, mean: 9_000, median: 8_800, max: 30_000 },
          },
          { contract: 'Vault', function: 'deposit()', calls: 2, min: 44_869, mean: 44_869, median: 44_869, max: 44_869 },
        ],
      },
    });
    const text = textOf(renderToStaticMarkup(<RunResult result={optimized} />));
    expect(text).toContain(
      "Gas per function Contract Function Calls Min Mean Median Max Mean, optimizer on Optimizer's change " +
        'Vault withdraw(uint256) 300 2,100 10,000 9,000 30,500 9,000 −1,000 gas (−10 %) Vault deposit() 2 44,869 44,869 44,869 44,869 — —',
    );
    expect(textOf(renderToStaticMarkup(<RunResult result={suiteResult} />))).not.toContain('optimizer on');
  });
});
