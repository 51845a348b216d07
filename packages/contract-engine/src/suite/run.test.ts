import type { FunctionResult } from '@starforge/contracts/rewards';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventTopicOf } from '../abi';
import { runSuite, type SuiteOutcome } from './run';
import { sparePid } from './spare';
import { suiteChildren } from './testing/children';
import { compileFixture } from './testing/fixture';
import { LONG_TEST, LOOP_TEST, QUICK_TEST, SLOW_FUZZ_TEST } from './testing/limits';
import { VAULT, VAULT_TEST } from './testing/vault';

// Real solc and real EDR in a real child process: nothing here is mocked.

const byName = (outcome: SuiteOutcome, name: string): FunctionResult => {
  const found = outcome.functions.find((f) => f.name === name);
  if (!found) throw new Error(`no result for ${name}: ${outcome.functions.map((f) => f.name).join(', ')}`);
  return found;
};

describe('runSuite on the vault suite', () => {
  let outcome: SuiteOutcome;
  const progress: { testsDone: number; testsTotal: number }[] = [];
  beforeAll(async () => {
    // The server's own secret is in this process's environment; the child must not see it.
    const before = process.env.DATABASE_URL;
    process.env.DATABASE_URL = 'postgres://starforge:secret@localhost/starforge';
    const compiled = compileFixture({ 'src/Vault.sol': VAULT, 'test/Vault.t.sol': VAULT_TEST });
    outcome = await runSuite(compiled, {
      limits: { timeMs: 60_000, memoryMb: 4_096, gasPerCall: 5_000_000 },
      chainId: 11_155_111,
      onProgress: (p) => progress.push(p),
    });
    if (before === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = before;
  }, 120_000);

  it('runs every test of the user files and counts them', () => {
    expect(outcome.failure).toBeNull();
    expect(outcome.suite.files).toEqual(['src/Vault.sol', 'test/Vault.t.sol']);
    expect(outcome.suite.tests_total).toBe(15);
    expect(outcome.functions).toHaveLength(15);
    expect(outcome.suite.tests_passed).toBe(outcome.functions.filter((f) => f.outcome === 'passed').length);
    expect(progress.at(-1)).toEqual({ testsDone: 15, testsTotal: 15 });
  });

  it('gives a passing unit test its gas and console.log lines', () => {
    const test = byName(outcome, 'testDeposit');
    expect(test).toMatchObject({ outcome: 'passed', signature: 'testDeposit()' });
    expect(test.test).toMatchObject({ kind: 'unit', contract: 'VaultTest', file: 'test/Vault.t.sol', logs: ['total after deposit 250'] });
    // setUp's deployment is not the test's: a deposit (two fresh slots) and two reads cost about 56k.
    expect(test.gas_used).toBeGreaterThan(45_000);
    expect(test.gas_used).toBeLessThan(70_000);
    expect(test.test?.trace).toBeUndefined();
  });

  it('gives a failing test its reason and a trace with names, arguments and outcomes', () => {
    const test = byName(outcome, 'testWithdrawTooMuch');
    expect(test).toMatchObject({ outcome: 'failed', revert_reason: 'not enough balance' });
    expect(test.test?.trace).toEqual([
      expect.objectContaining({ depth: 0, contract: 'VaultTest', function: 'testWithdrawTooMuch()', outcome: 'reverted', output: 'not enough balance' }),
      expect.objectContaining({ depth: 1, kind: 'CALL', contract: 'Vault', function: 'deposit(uint256)', args: '100', outcome: 'returned' }),
      expect.objectContaining({
        depth: 1,
        kind: 'CALL',
        contract: 'Vault',
        function: 'withdraw(uint256)',
        args: '150',
        outcome: 'reverted',
        output: 'not enough balance',
      }),
    ]);
    expect(byName(outcome, 'testWrongTotal')).toMatchObject({ outcome: 'failed', revert_reason: 'assertion failed: 7 != 8' });
  });

  it('names an overloaded cheatcode in a trace by the arguments it was given', () => {
    const trace = byName(outcome, 'testCheatAssert').test?.trace ?? [];
    expect(trace.at(-1)).toMatchObject({ depth: 1, contract: 'vm', function: 'assertEq(uint256,uint256)', args: '7, 1', outcome: 'reverted' });
  });

  it('runs on the chain id it is given', () => {
    expect(byName(outcome, 'testChainId').outcome).toBe('passed');
  });

  it('passes prank + expectRevert on a custom error', () => {
    expect(byName(outcome, 'testSweepByStranger').outcome).toBe('passed');
  });

  it('finds the fuzz bug, shrinks it and gives calldata that replays it', () => {
    const test = byName(outcome, 'testFuzzFee');
    expect(test).toMatchObject({ outcome: 'failed', revert_reason: 'fee band', test: { kind: 'fuzz' } });
    const counterexample = test.test?.fuzz?.counterexample;
    expect(counterexample?.args).toHaveLength(1);
    const amount = BigInt(counterexample!.args[0]!.value);
    expect(amount > 10_000n && amount < 2n ** 64n).toBe(true);
    // The calldata is testFuzzFee(uint256)'s selector and the amount: a call that fails the same way.
    // The trace shows the same input, without EDR's terminal colours.
    expect(test.test?.trace?.[0]?.args.startsWith(`${amount}`)).toBe(true);
    expect(test.test?.trace?.[0]?.args).not.toContain(String.fromCharCode(27));
    expect(counterexample?.calldata).toBe(`${eventTopicOf('testFuzzFee(uint256)').slice(0, 10)}${amount.toString(16).padStart(64, '0')}`);
  });

  it('breaks the invariant with the two calls that open the lock, shown in order', () => {
    const test = byName(outcome, 'invariant_stays_shut');
    expect(test).toMatchObject({ outcome: 'failed', revert_reason: 'the lock opened', test: { kind: 'invariant', contract: 'LockInvariantTest' } });
    expect(test.test?.invariant).toMatchObject({ depth: 15 });
    const sequence = test.test?.invariant?.sequence ?? [];
    expect(sequence.map((call) => [call.contract, call.function])).toEqual([
      ['Lock', 'arm(uint256)'],
      ['Lock', 'fire()'],
    ]);
    expect(BigInt(sequence[0]!.args[0]!.value) % 5n).toBe(3n);
  });

  it('runs a passing invariant campaign exactly runs × depth', () => {
    const test = byName(outcome, 'invariant_total_covers_a_balance');
    expect(test).toMatchObject({ outcome: 'passed', test: { kind: 'invariant', invariant: { runs: 256, depth: 15, calls: 256 * 15 } } });
    expect(test.test?.stopped_by_timeout).toBeUndefined();
  });

  it('refuses ffi, file reads and forking with a clear reason, and gives an empty environment', () => {
    expect(byName(outcome, 'testFfi').test?.failure).toBe('vm.ffi is refused: a test cannot run programs on the server.');
    expect(byName(outcome, 'testReadFile').test?.failure).toBe("vm.readFile is refused: a test cannot read or write the server's files.");
    expect(byName(outcome, 'testFork').test?.failure).toBe('vm.createSelectFork is refused: a test cannot reach RPC endpoints or fork a chain.');
    expect(byName(outcome, 'testEnvString').revert_reason).toBe('vm.envString: environment variable "DATABASE_URL" not found');
    expect(byName(outcome, 'testEnvOr')).toMatchObject({ outcome: 'passed', test: { logs: ['no database'] } });
  });

  it('answers testFail… as failed with what to write instead, and still runs the rest', () => {
    expect(byName(outcome, 'testFailWithdraw').test?.failure).toMatch(/testFail… prefix is no longer supported/);
  });

  it('reports gas per function from the passing tests and the deployments with their size', () => {
    expect(outcome.suite.function_gas).toContainEqual(expect.objectContaining({ contract: 'Vault', function: 'deposit(uint256)', calls: 1 }));
    expect(outcome.suite.function_gas).toContainEqual(expect.objectContaining({ contract: 'Vault', function: 'total()', calls: 2 }));
    // withdraw(uint256) ran only in failing tests.
    expect(outcome.suite.function_gas.find((f) => f.function === 'withdraw(uint256)')).toBeUndefined();
    const vault = outcome.suite.deployments.find((d) => d.contract === 'Vault');
    expect(vault?.code_size).toBeGreaterThan(1_000);
    expect(vault?.gas_used).toBeGreaterThan(vault!.code_size * 200);
  });
});

describe('runSuite at its limits', () => {
  it('fails only the run whose child crashed, with a sentence', async () => {
    const long = runSuite(compileFixture({ 'test/Long.t.sol': LONG_TEST }), { limits: { timeMs: 60_000, memoryMb: 4_096, gasPerCall: 2_000_000_000 } });
    let crashed: number | undefined;
    while (crashed === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The spare waiting for the next run (spare.ts) is another child: the running one is the other.
      crashed = suiteChildren().find((pid) => pid !== sparePid());
    }
    const other = runSuite(compileFixture({ 'test/Quick.t.sol': QUICK_TEST }), { limits: { timeMs: 60_000, memoryMb: 4_096, gasPerCall: 10_000_000 } });
    process.kill(crashed, 'SIGSEGV');
    expect((await long).failure).toBe('The engine failed while running this suite (killed by SIGSEGV) and the run was stopped.');
    expect(await other).toMatchObject({ failure: null, suite: { tests_passed: 1 } });
  }, 120_000);

  it('ends an endless loop at the gas limit', async () => {
    const outcome = await runSuite(compileFixture({ 'test/Loop.t.sol': LOOP_TEST }), { limits: { timeMs: 60_000, memoryMb: 4_096, gasPerCall: 1_000_000 } });
    expect(outcome.failure).toBeNull();
    const test = byName(outcome, 'testEndless');
    expect(test).toMatchObject({ outcome: 'failed', revert_reason: 'Out of gas: the call used all of its 1,000,000 gas' });
    expect(test.gas_used).toBeGreaterThan(950_000);
    expect(test.test?.trace?.[0]).toMatchObject({ function: 'testEndless()', outcome: 'stopped' });
  }, 120_000);

  it('kills the child at the time limit and says so', async () => {
    const outcome = await runSuite(compileFixture({ 'test/Long.t.sol': LONG_TEST, 'test/Quick.t.sol': QUICK_TEST }), {
      limits: { timeMs: 3_000, memoryMb: 4_096, gasPerCall: 2_000_000_000 },
    });
    expect(outcome.failure).toBe('The run took longer than 3 s and was stopped.');
    // The suite that finished before the kill keeps its result; the killed one has none.
    expect(outcome.functions.map((f) => [f.name, f.outcome])).toEqual([['testQuick', 'passed']]);
    expect(outcome.suite).toMatchObject({ tests_total: 2, tests_passed: 1 });
    expect(outcome.child.pid).toBeGreaterThan(0);
    // SIGKILL: the process is gone, EDR's native threads with it.
    expect(() => process.kill(outcome.child.pid!, 0)).toThrow(/ESRCH/);
  }, 120_000);

  it('stops the run at the memory cap and says so', async () => {
    // EDR re-runs a failing test recording every step for its stack trace: an endless loop at 3M gas needs far more than 300 MB.
    const compiled = compileFixture({ 'test/Loop.t.sol': LOOP_TEST });
    const within = await runSuite(compiled, { limits: { timeMs: 60_000, memoryMb: 400, gasPerCall: 200_000 } });
    expect(within.failure).toBeNull();
    const outcome = await runSuite(compiled, { limits: { timeMs: 60_000, memoryMb: 400, gasPerCall: 3_000_000 } });
    expect(outcome.failure).toBe('The run needed more than 400 MB of memory and was stopped.');
  }, 120_000);

  it('marks a fuzz campaign stopped by its own time limit as passed as far as it got', async () => {
    const outcome = await runSuite(compileFixture({ 'test/SlowFuzz.t.sol': SLOW_FUZZ_TEST }), {
      limits: { timeMs: 8_000, memoryMb: 4_096, gasPerCall: 50_000_000, fuzzRuns: 100_000 },
    });
    expect(outcome.failure).toBeNull();
    const test = byName(outcome, 'testFuzzSlow');
    expect(test).toMatchObject({ outcome: 'passed', test: { stopped_by_timeout: true } });
    expect(test.test?.fuzz?.runs).toBeLessThan(100_000);
    expect(outcome.notes.some((n) => n.includes('testFuzzSlow(uint256) was stopped at its time limit'))).toBe(true);
  }, 120_000);
});
