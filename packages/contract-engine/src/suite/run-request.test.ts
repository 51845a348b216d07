import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnginePool, type EnginePool } from '../pool';
import { SAMPLE_SUITES } from '@starforge/contracts/rewards';

// Through the pool, as the service runs it: the worker compiles the suite (real solc, forge-std,
// OpenZeppelin) and runs it on EDR in a child process of its own.
const SLOW = { timeout: 240_000 };
const suite = (id: string) => SAMPLE_SUITES.find((s) => s.id === id)!.sources.map((s) => ({ ...s }));
/** The Vault suite with testDeposit failing on an assertion ("one is two"). */
const vaultWithFailingDeposit = () => {
  const sources = suite('vault-suite');
  const test = sources.find((s) => s.name === 'test/Vault.t.sol')!;
  test.content = test.content.replace(/function testDeposit\(\) public \{/, 'function testDeposit() public {\n        assertEq(uint256(1), 2, "one is two");');
  return sources;
};

let pool: EnginePool;
beforeAll(() => {
  pool = createEnginePool({ size: 1, runTimeoutMs: 120_000, memoryMb: 512 });
});
afterAll(() => pool.close());

describe('a suite through the engine pool', () => {
  it('runs the Vault suite sample: unit, revert, fuzz and invariant tests, with progress while it runs', SLOW, async () => {
    const progress: string[] = [];
    const result = await pool.run(
      { source: '', sources: suite('vault-suite'), testType: 'smart_contract', network: 'sepolia' },
      { onProgress: (p) => progress.push(`${p.phase} ${p.testsDone}/${p.testsTotal}`) },
    );
    expect(result.summary).toBe('All 4 tests passed.');
    expect(result.status).toBe('completed');
    expect(result.functions.map((f) => [f.test?.kind, f.name, f.outcome]).sort()).toEqual([
      ['fuzz', 'testFuzzDepositThenWithdraw', 'passed'],
      ['invariant', 'invariantHoldsWhatItOwes', 'passed'],
      ['unit', 'testDeposit', 'passed'],
      ['unit', 'testWithdrawMoreThanDepositedReverts', 'passed'],
    ]);
    expect(result.suite).toMatchObject({ files: ['src/Vault.sol', 'test/Vault.t.sol'], tests_total: 4, tests_passed: 4 });
    expect(result.contract_name).toBe('Vault');
    expect(result.deployment?.gas_used).toBeGreaterThan(0);
    expect(result.total_gas).toBeGreaterThan(result.deployment!.gas_used);
    expect(progress[0]).toBe('compiling 0/0');
    expect(progress.at(-1)).toBe('running 4/4');
  });

  it('builds on OpenZeppelin: the ERC20 sample passes', SLOW, async () => {
    const result = await pool.run({ source: '', sources: suite('erc20-openzeppelin'), testType: 'smart_contract', network: 'ethereum' });
    expect(result.summary).toMatch(/^All \d+ tests passed\.$/);
  });

  it('names a failing test, its contract and why, and fails the run', SLOW, async () => {
    const sources = vaultWithFailingDeposit();
    const result = await pool.run({ source: '', sources, testType: 'smart_contract', network: 'sepolia' });
    expect(result.status).toBe('failed');
    expect(result.summary).toMatch(/^1 of 4 tests failed: VaultTest\.testDeposit\(\): .*one is two/);
  });

  it('places a compile error in its file', SLOW, async () => {
    const sources = suite('vault-suite');
    sources[0]!.content = sources[0]!.content.replace('contract Vault', 'contract Vault oops');
    const result = await pool.run({ source: '', sources, testType: 'smart_contract', network: 'sepolia' });
    expect(result.status).toBe('failed');
    expect(result.summary).toMatch(/^It does not compile: .*\(src\/Vault\.sol, line \d+, column \d+\)\.$/);
  });

  it('gas_optimization runs the suite with the optimizer off and on and gives each test both', SLOW, async () => {
    const result = await pool.run({ source: '', sources: suite('vault-suite'), testType: 'gas_optimization', network: 'sepolia' });
    expect(result.summary).toMatch(/^The optimizer \(200 runs\) saves [\d,]+ gas/);
    const unit = result.functions.find((f) => f.name === 'testDeposit')!;
    expect(unit.optimized_gas).toBeGreaterThan(0);
    expect(unit.optimized_gas).toBeLessThan(unit.gas_used);
    expect(result.deployment?.optimized_gas).toBeLessThan(result.deployment!.gas_used);
    // Per contract function too: Vault's deposit and withdraw over the same calls, off and on.
    const fns = result.suite!.function_gas;
    expect(fns.map((g) => g.function)).toEqual(expect.arrayContaining(['deposit()', 'withdraw(uint256)']));
    for (const g of fns) {
      expect(g.optimized, g.function).toMatchObject({ calls: g.calls });
      expect(g.optimized!.mean, g.function).toBeLessThan(g.mean);
      expect(g.optimized!.min).toBeLessThanOrEqual(g.optimized!.max);
    }
  });

  it('performance runs the suite on EDR and gives each passing test and the suite calls and gas per second', SLOW, async () => {
    const result = await pool.run({ source: '', sources: suite('vault-suite'), testType: 'performance', network: 'sepolia' });
    expect(result.status).toBe('completed');
    expect(result.summary).toMatch(
      /^4 tests made [\d,]+ calls at [\d,]+ calls and [\d,]+ gas a second on EDR \(a call is a unit test, a fuzz run or an invariant call; setUp not counted\)\.$/,
    );
    const byName = (name: string) => result.functions.find((f) => f.name === name)!;
    const unit = byName('testDeposit');
    expect(unit.throughput).toMatchObject({ calls: 1, gas: unit.gas_used, duration_ms: unit.test!.duration_ms });
    expect(unit.throughput!.calls_per_second).toBe(Math.round(1000 / unit.test!.duration_ms));
    const fuzz = byName('testFuzzDepositThenWithdraw');
    expect(fuzz.test!.fuzz!.runs).toBe(256);
    expect(fuzz.throughput).toMatchObject({ calls: 256, gas: 256 * fuzz.test!.fuzz!.mean_gas });
    expect(fuzz.throughput!.gas_per_second).toBe(Math.round((256 * fuzz.test!.fuzz!.mean_gas * 1000) / fuzz.test!.duration_ms));
    const invariant = byName('invariantHoldsWhatItOwes');
    expect(invariant.throughput).toMatchObject({ calls: invariant.test!.invariant!.calls, gas: null, gas_per_second: null });
    expect(invariant.throughput!.calls).toBeGreaterThan(1_000);
    const measured = result.functions.map((f) => f.throughput!);
    const total = result.suite!.throughput!;
    expect(total.calls).toBe(measured.reduce((sum, t) => sum + t.calls, 0));
    expect(total.gas).toBe(measured.reduce((sum, t) => sum + (t.gas ?? 0), 0));
    expect(total.calls_per_second).toBeGreaterThan(0);
    expect(total.gas_per_second).toBeGreaterThan(0);
  });

  it('performance fails with the failing test named and keeps the passing tests’ figures', SLOW, async () => {
    const sources = vaultWithFailingDeposit();
    const result = await pool.run({ source: '', sources, testType: 'performance', network: 'sepolia' });
    expect(result.status).toBe('failed');
    expect(result.summary).toMatch(/^1 of 4 tests failed: VaultTest\.testDeposit\(\): .*one is two/);
    expect(result.functions.find((f) => f.name === 'testDeposit')!.throughput).toBeUndefined();
    expect(result.functions.filter((f) => f.throughput)).toHaveLength(3);
    expect(result.suite!.throughput!.calls).toBeGreaterThan(256);
  });

  it('security_audit checks each of the user files and names the file of a finding', SLOW, async () => {
    const reentrant = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Bank {
    mapping(address => uint256) public balance;
    function withdraw() external {
        (bool ok, ) = msg.sender.call{value: balance[msg.sender]}("");
        require(ok);
        balance[msg.sender] = 0;
    }
}
`;
    const result = await pool.run({
      source: '',
      sources: [
        { name: 'src/Safe.sol', content: '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Safe {}\n' },
        { name: 'src/Bank.sol', content: reentrant },
      ],
      testType: 'security_audit',
      network: 'sepolia',
    });
    expect(result.status).toBe('failed');
    expect(result.findings).toEqual([expect.objectContaining({ rule: 'state-after-call', file: 'src/Bank.sol', line: 8 })]);
    expect(result.summary).toMatch(/in src\/Bank\.sol at line 8\.$/);
  });
});
