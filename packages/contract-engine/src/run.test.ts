import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, getActivePrecompiles } from '@ethereumjs/evm';
import { Account, type Address, hexToBytes } from '@ethereumjs/util';
import { CONTRACT_CALL_GAS_LIMIT, CONTRACT_SOURCE_MAX_BYTES, contractRunResultSchema, type FunctionResult } from '@starforge/contracts/rewards';
import solcJs from 'solc';
import { describe, expect, it } from 'vitest';
import { eventTopicOf } from './abi';
import { BLOCK, SENDER } from './chain';
import { importsRefused, type Solc } from './compile';
import { gasByFunction, type EngineRequest } from './request';
import { runContract } from './run';
import { SAMPLE_CONTRACTS } from '@starforge/contracts/rewards';

// The real compiler and the real EVM, in this test's process: the pool's own tests run them in workers.
const solc = solcJs as unknown as Solc;

const run = async (request: Omit<EngineRequest, 'network'> & { network?: EngineRequest['network'] }) => {
  const result = await runContract(solc, { network: 'ethereum', ...request });
  // Every answer is what the wire format says, so the service can store it and the screen read it.
  expect(contractRunResultSchema.parse(result)).toEqual(result);
  return result;
};

const byName = (functions: FunctionResult[]) => Object.fromEntries(functions.map((f) => [f.name, f]));

const pragma = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n';

const boxTests = `${pragma}
contract Box {
    uint256 public value;
    function set(uint256 v) external {
        require(v != 13, "unlucky");
        value = v;
    }
}

contract BoxTest {
    Box box;
    uint256 counter;

    function setUp() public {
        box = new Box();
        box.set(1);
    }

    function testA_SeesSetUp() public {
        require(box.value() == 1, "state leaked between tests");
        box.set(5);
    }
    function testSet() public {
        box.set(2);
        require(box.value() == 2, "not stored");
    }
    function testUnlucky() public { box.set(13); }
    function testFailUnlucky() public { box.set(13); }
    function testFailNothing() public { box.set(3); }
    function testWrongAssert() public { assert(box.value() == 9); }
    function testZ_SeesSetUp() public {
        require(box.value() == 1, "state leaked between tests");
        box.set(6);
    }
    function testForever() public {
        while (true) counter++;
    }
    function testFuzz(uint256 x) public { box.set(x); }
}
`;

/**
 * The same contract through @ethereumjs/evm by hand, no engine code: a fresh EVM per test,
 * deploy, setUp, then the test, each call begun as a transaction begins (the journal's warm
 * sets cleared; sender, callee, precompiles and coinbase warm: EIP-2929, EIP-3651).
 */
const gasByHand = async (source: string, contractName: string, tests: string[]) => {
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'T.sol': { content: source } },
        settings: { evmVersion: 'osaka', outputSelection: { '*': { '*': ['evm.bytecode.object', 'evm.methodIdentifiers'] } } },
      }),
    ),
  );
  const compiled = output.contracts['T.sol'][contractName];
  const gas: Record<string, number> = {};
  for (const test of tests) {
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Osaka });
    const evm = await createEVM({ common });
    await evm.stateManager.putAccount(SENDER, new Account(0n, 10n ** 21n));
    const call = async (to: Address | undefined, data: string) => {
      await evm.journal.cleanup();
      for (const a of [SENDER.toString(), BLOCK.header.coinbase.toString(), ...getActivePrecompiles(common).keys(), ...(to ? [to.toString()] : [])]) {
        evm.journal.addAlwaysWarmAddress(a);
      }
      return evm.runCall({
        caller: SENDER,
        origin: SENDER,
        to,
        data: hexToBytes(data as `0x${string}`),
        gasLimit: BigInt(CONTRACT_CALL_GAS_LIMIT),
        block: BLOCK,
      });
    };
    const deployed = await call(undefined, `0x${compiled.evm.bytecode.object}`);
    const address = deployed.createdAddress!;
    const setUp = await call(address, `0x${compiled.evm.methodIdentifiers['setUp()']}`);
    gas['setUp()'] = Number(setUp.execResult.executionGasUsed);
    const result = await call(address, `0x${compiled.evm.methodIdentifiers[test]}`);
    gas[test] = Number(result.execResult.executionGasUsed);
  }
  return gas;
};

describe('smart_contract: Foundry-style tests', () => {
  it('gives each test its outcome and the gas the EVM reports, each test from the state after setUp', async () => {
    const result = await run({ source: boxTests, testType: 'smart_contract' });
    const tests = byName(result.functions);
    expect(result.contract_name).toBe('BoxTest');
    expect(Object.fromEntries(result.functions.map((f) => [f.name, f.outcome]))).toEqual({
      setUp: 'passed',
      testA_SeesSetUp: 'passed',
      testSet: 'passed',
      testZ_SeesSetUp: 'passed',
      testFailUnlucky: 'passed',
      testUnlucky: 'failed',
      testFailNothing: 'failed',
      testWrongAssert: 'failed',
      testForever: 'failed',
    });
    expect(tests.testUnlucky!.revert_reason).toBe('unlucky');
    // testFail… passes by reverting; the reason is still shown.
    expect(tests.testFailUnlucky!.revert_reason).toBe('unlucky');
    expect(tests.testFailNothing!.revert_reason).toBeUndefined();
    expect(tests.testWrongAssert!.revert_reason).toBe('Panic 0x01: assertion failed');
    expect(result.status).toBe('failed');
    expect(result.summary).toMatch(/^4 of 9 tests failed: /);
    // A test with parameters (a Foundry fuzz test) is named, not run.
    expect(tests.testFuzz).toBeUndefined();
    expect(result.warnings).toContainEqual(expect.objectContaining({ type: 'Engine', message: expect.stringContaining('testFuzz(uint256)') }));

    const tested = ['testA_SeesSetUp()', 'testSet()', 'testUnlucky()', 'testFailUnlucky()', 'testFailNothing()', 'testWrongAssert()', 'testZ_SeesSetUp()'];
    const expected = await gasByHand(boxTests, 'BoxTest', tested);
    for (const f of result.functions.filter((f) => f.name !== 'testForever')) expect(f.gas_used, f.signature).toBe(expected[f.signature]);
    expect(result.total_gas).toBe(result.deployment!.gas_used + result.functions.reduce((sum, f) => sum + f.gas_used, 0));
  });

  it('ends an endless loop at the gas limit, with a reason that says so', async () => {
    const result = await run({ source: boxTests, testType: 'smart_contract' });
    const forever = byName(result.functions).testForever!;
    expect(forever.outcome).toBe('failed');
    expect(forever.gas_used).toBe(CONTRACT_CALL_GAS_LIMIT);
    expect(forever.revert_reason).toBe('Out of gas: the call used all of its 10,000,000 gas');
  });

  it('completes the Counter sample and fails the Vault sample on its reentrancy test', async () => {
    const counter = await run({ source: SAMPLE_CONTRACTS.find((s) => s.id === 'counter')!.source, testType: 'smart_contract' });
    expect(counter.status).toBe('completed');
    expect(counter.summary).toBe('All 3 tests passed.');
    const vault = await run({ source: SAMPLE_CONTRACTS.find((s) => s.id === 'vault')!.source, testType: 'smart_contract' });
    expect(vault.status).toBe('failed');
    expect(vault.functions.filter((f) => f.outcome === 'failed').map((f) => [f.name, f.revert_reason])).toEqual([
      ['testThiefCannotTakeOthersEther', 'the vault was drained through reentrancy'],
    ]);
  });

  it('fails a contract without tests, a failing setUp, and a constructor that needs arguments, saying why', async () => {
    expect((await run({ source: `${pragma}contract A { function f() public {} }`, testType: 'smart_contract' })).summary).toMatch(/^A has no tests/);
    const setUp = await run({
      source: `${pragma}contract T { function setUp() public { revert("no setup"); } function testX() public {} }`,
      testType: 'smart_contract',
    });
    expect(setUp.summary).toBe('setUp() reverted: no setup.');
    const args = await run({ source: `${pragma}contract T { constructor(uint256 a) {} function testX() public {} }`, testType: 'smart_contract' });
    expect(args.summary).toMatch(/^T's constructor takes arguments \(uint256\)/);
  });
});

describe('compiling', () => {
  it('names the line and column of a compile error', async () => {
    const result = await run({ source: `${pragma}contract A {\n    function f() public {\n        uint256 x = ;\n    }\n}\n`, testType: 'smart_contract' });
    expect(result.status).toBe('failed');
    expect(result.errors).toEqual([{ severity: 'error', type: 'ParserError', message: 'Expected primary expression.', line: 5, column: 21 }]);
    expect(result.summary).toBe('It does not compile: Expected primary expression. (line 5, column 21).');
    expect(result.functions).toEqual([]);
    expect(result.total_gas).toBe(0);
  });

  it('counts columns in characters when the line holds multi-byte text', async () => {
    const result = await run({ source: `${pragma}contract A {\n    string s = unicode"ÄÖÜ€"; uint8 x = 300;\n}\n`, testType: 'smart_contract' });
    expect(result.errors[0]).toMatchObject({ type: 'TypeError', line: 4, column: 41 });
  });

  it('refuses imports without reading any file', async () => {
    const result = await run({ source: `${pragma}import "./Other.sol";\ncontract A {}\n`, testType: 'smart_contract' });
    expect(result.errors[0]).toMatchObject({ line: 3 });
    expect(result.errors[0]!.message).toContain(importsRefused);
  });

  it('refuses a source over 64 KiB before compiling it', async () => {
    const source = `${pragma}contract A {}\n//${'x'.repeat(CONTRACT_SOURCE_MAX_BYTES)}`;
    const result = await run({ source, testType: 'smart_contract' });
    expect(result.summary).toBe('The contract is 64.1 KiB; the engine takes at most 64 KiB.');
    expect(result.errors).toEqual([]);
  });

  it('keeps the compiler warnings with their lines', async () => {
    const result = await run({
      source: `pragma solidity ^0.8.24;\ncontract A {\n    function testF() public { uint256 unused; }\n}\n`,
      testType: 'smart_contract',
    });
    expect(result.status).toBe('completed');
    expect(result.warnings.map((w) => [w.message, w.line])).toEqual([
      [
        'SPDX license identifier not provided in source file. Before publishing, consider adding a comment containing "SPDX-License-Identifier: <SPDX-License>" to each source file. Use "SPDX-License-Identifier: UNLICENSED" for non-open-source code. Please see https://spdx.org for more information.',
        1,
      ],
      ['Unused local variable.', 3],
      ['Function state mutability can be restricted to pure', 3],
    ]);
  });
});

const echo = `${pragma}
contract Echo {
    struct Point { uint256 x; string label; }
    event Echoed(address indexed by, string indexed tag, int8 delta, uint256[] list);
    error TooBig(uint256 given, uint256 max);

    function echo(uint256 a, string calldata s, address who, bool flag) external returns (uint256, string memory, address, bool) {
        return (a + 1, s, who, !flag);
    }
    function more(bytes32 h, uint256[] calldata list, int8 delta, bytes calldata raw) external returns (bytes32, uint256[] memory, int8, bytes memory) {
        emit Echoed(msg.sender, string(raw), delta, list);
        return (h, list, delta - 1, raw);
    }
    function point(Point calldata p) external pure returns (Point memory moved) {
        moved = Point(p.x * 2, p.label);
    }
    function check(uint256 n) external pure returns (uint256) {
        if (n > 100) revert TooBig(n, 100);
        require(n != 42, "not the answer");
        return 100 / n;
    }
    function chain() external view returns (uint256) { return block.chainid; }
    function nested(uint256[2][] calldata grid, Point[] calldata points) external pure returns (uint256[2][] memory, Point[] memory) {
        return (grid, points);
    }
}
`;

describe('transaction: one call', () => {
  it('returns the decoded values, the raw return data and the events', async () => {
    const simple = await run({
      source: echo,
      testType: 'transaction',
      call: { function: 'echo', args: ['41', 'héllo', '0x000000000000000000000000000000000000dEaD', 'true'] },
    });
    expect(simple.status).toBe('completed');
    expect(simple.functions[0]!.return_values!.map((v) => v.value)).toEqual(['42', 'héllo', '0x000000000000000000000000000000000000dead', 'false']);
    expect(simple.functions[0]!.events).toEqual([]);

    const result = await run({
      source: echo,
      testType: 'transaction',
      call: { function: 'more', args: [`0x${'ab'.repeat(32)}`, '["1", 2, "0x03"]', '-5', '0xc0ffee'] },
    });
    expect(result.status).toBe('completed');
    const [call] = result.functions;
    expect(call!.signature).toBe('more(bytes32,uint256[],int8,bytes)');
    expect(call!.return_values!.map((v) => v.value)).toEqual([`0x${'ab'.repeat(32)}`, '["1","2","3"]', '-6', '0xc0ffee']);
    expect(call!.return_data).toMatch(/^0x[0-9a-f]+$/);
    expect(call!.events).toEqual([
      {
        name: 'Echoed',
        args: [
          { name: 'by', type: 'address', value: SENDER.toString() },
          { name: 'tag', type: 'string', value: expect.stringMatching(/^keccak256 0x[0-9a-f]{64}$/) },
          { name: 'delta', type: 'int8', value: '-5' },
          { name: 'list', type: 'uint256[]', value: '["1","2","3"]' },
        ],
        address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
        topics: [eventTopicOf('Echoed(address,string,int8,uint256[])'), expect.any(String), expect.any(String)],
        data: expect.stringMatching(/^0x/),
      },
    ]);
    expect(result.summary).toBe(
      `${call!.signature} succeeded with ${call!.gas_used.toLocaleString('en-US')} gas, returned ${call!.return_values!.map((v) => v.value).join(', ')} and emitted Echoed.`,
    );
  });

  it('takes a struct as a JSON array and shows it back', async () => {
    const result = await run({ source: echo, testType: 'transaction', call: { function: 'point((uint256,string))', args: ['["21", "north"]'] } });
    expect(result.functions[0]!.return_values).toEqual([{ name: 'moved', type: '(uint256,string)', value: '["42","north"]' }]);
  });

  it('round-trips nested arrays and arrays of structs', async () => {
    const grid = '[["1","2"],["3","4"],["5","6"]]';
    const points = '[["7","a"],["8","bé"]]';
    const result = await run({ source: echo, testType: 'transaction', call: { function: 'nested', args: [grid, points] } });
    expect(result.functions[0]!.return_values).toEqual([
      { name: '', type: 'uint256[2][]', value: grid },
      { name: '', type: '(uint256,string)[]', value: points },
    ]);
  });

  it('decodes a revert: Error(string), a custom error, a panic', async () => {
    const reasons = [];
    for (const n of ['42', '1000', '0']) {
      const result = await run({ source: echo, testType: 'transaction', call: { function: 'check', args: [n] } });
      expect(result.status).toBe('failed');
      expect(result.functions[0]!.outcome).toBe('failed');
      expect(result.functions[0]!.return_values).toBeUndefined();
      reasons.push(result.functions[0]!.revert_reason);
    }
    expect(reasons).toEqual(['not the answer', 'TooBig(1000, 100)', 'Panic 0x12: division or modulo by zero']);
    const ok = await run({ source: echo, testType: 'transaction', call: { function: 'check', args: ['4'] } });
    expect(ok.functions[0]!.return_values).toEqual([{ name: '', type: 'uint256', value: '25' }]);
  });

  it('says which argument does not fit, and which functions exist', async () => {
    const wrong = await run({ source: echo, testType: 'transaction', call: { function: 'check', args: ['ten'] } });
    expect(wrong.summary).toBe('Argument 1 (uint256 n): expected a whole number (decimal, or hex after 0x).');
    const address = await run({ source: echo, testType: 'transaction', call: { function: 'echo', args: ['1', 's', '0x00', 'true'] } });
    expect(address.summary).toBe('Argument 3 (address who): expected an address: 0x and 40 hex digits.');
    const range = await run({ source: echo, testType: 'transaction', call: { function: 'more', args: [`0x${'00'.repeat(32)}`, '[]', '-200', '0x'] } });
    expect(range.summary).toBe('Argument 3 (int8 delta): out of range for int8 (-128 to 127).');
    const array = await run({ source: echo, testType: 'transaction', call: { function: 'more', args: [`0x${'00'.repeat(32)}`, '[1', '1', '0x'] } });
    expect(array.summary).toBe('Argument 2 (uint256[] list): expected a JSON array, e.g. ["1", "2"].');
    const count = await run({ source: echo, testType: 'transaction', call: { function: 'check', args: [] } });
    expect(count.summary).toBe('check(uint256) takes 1 argument; 0 given.');
    const missing = await run({ source: echo, testType: 'transaction', call: { function: 'nope', args: [] } });
    expect(missing.summary).toMatch(/^Echo has no function nope; its functions: .*chain\(\)/);
    expect((await run({ source: echo, testType: 'transaction' })).summary).toBe('Name the function to call for a transaction test.');
  });

  it('runs the Token sample as the screen offers it', async () => {
    const sample = SAMPLE_CONTRACTS.find((s) => s.id === 'token')!;
    const result = await run({ source: sample.source, testType: sample.testType, call: sample.call });
    expect(result.status).toBe('completed');
    expect(result.functions[0]!.events![0]!.args.map((a) => a.value)).toEqual([SENDER.toString(), '0x000000000000000000000000000000000000dead', '250']);
  });

  it('runs each network with its own chain id', async () => {
    const ids: Record<string, string> = {};
    for (const network of ['ethereum', 'sepolia', 'polygon', 'arbitrum', 'optimism'] as const) {
      const result = await run({ source: echo, testType: 'transaction', network, call: { function: 'chain', args: [] } });
      ids[network] = result.functions[0]!.return_values![0]!.value;
      expect(result.compiler.evm_version).toBe(network === 'ethereum' || network === 'sepolia' ? 'osaka' : 'prague');
    }
    expect(ids).toEqual({ ethereum: '1', sepolia: '11155111', polygon: '137', arbitrum: '42161', optimism: '10' });
  });
});

describe('gas_optimization and performance', () => {
  const counter = SAMPLE_CONTRACTS.find((s) => s.id === 'counter')!.source;

  it('gives each function its gas with the optimizer off and on, and the change against the last run', async () => {
    const first = await run({ source: counter, testType: 'gas_optimization' });
    expect(first.status).toBe('completed');
    expect(first.deployment!.optimized_gas).toBeLessThan(first.deployment!.gas_used);
    for (const f of first.functions) {
      expect(f.optimized_gas, f.name).toBeGreaterThan(0);
      expect(f.optimized_gas, f.name).toBeLessThanOrEqual(f.gas_used);
      expect(f.gas_change).toBeUndefined();
    }
    // Optimizer off, the figures are those of a smart_contract run of the same contract.
    const plain = await run({ source: counter, testType: 'smart_contract' });
    expect(first.functions.map((f) => f.gas_used)).toEqual(plain.functions.map((f) => f.gas_used));

    const previous = { ...gasByFunction(first), 'testIncrement()': first.functions.find((f) => f.name === 'testIncrement')!.gas_used + 100 };
    const second = await run({ source: counter, testType: 'gas_optimization', previous });
    expect(second.deployment!.gas_change).toBe(0);
    expect(Object.fromEntries(second.functions.map((f) => [f.name, f.gas_change]))).toEqual({
      setUp: 0,
      testIncrement: -100,
      testSetNumber: 0,
      testFailDecrementBelowZero: 0,
    });
    expect(second.summary).toMatch(/^The optimizer \(200 runs\) saves [\d,]+ gas \(\d+ %\) over the deployment and 3 tests\.$/);
  });

  it('measures every function without parameters when there are no tests', async () => {
    const token = SAMPLE_CONTRACTS.find((s) => s.id === 'token')!.source;
    const result = await run({ source: token, testType: 'gas_optimization' });
    expect(result.functions.map((f) => f.signature).sort()).toEqual(['name()', 'totalSupply()']);
  });

  it('times each test over repeated calls', async () => {
    const result = await run({ source: counter, testType: 'performance' });
    expect(result.status).toBe('completed');
    for (const f of result.functions.filter((f) => f.name !== 'setUp')) {
      expect(f.timings!.iterations).toBeGreaterThanOrEqual(1);
      expect(f.timings!.iterations).toBeLessThanOrEqual(20);
      expect(f.timings!.min_ms).toBeLessThanOrEqual(f.timings!.mean_ms);
      expect(f.timings!.mean_ms).toBeLessThanOrEqual(f.timings!.max_ms);
    }
  });
});

describe('security_audit', () => {
  it('names the Vault sample’s reentrancy and passes the Counter', async () => {
    const vault = await run({ source: SAMPLE_CONTRACTS.find((s) => s.id === 'vault')!.source, testType: 'security_audit' });
    expect(vault.status).toBe('failed');
    expect(vault.findings.map((f) => [f.rule, f.line])).toEqual([['state-after-call', 18]]);
    expect(vault.summary).toBe('1 finding: State written after an external call at line 18.');
    const counter = await run({ source: SAMPLE_CONTRACTS.find((s) => s.id === 'counter')!.source, testType: 'security_audit' });
    expect(counter.status).toBe('completed');
    expect(counter.summary).toBe('None of the 18 checks found anything.');
  });
});
