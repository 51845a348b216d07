import { describe, expect, it } from 'vitest';
import type { EngineResult } from '../request';
import { runSuiteRequest } from './run-request';

// Real solc and real EDR in a child process: a passing test's calls are in its result only when
// the request asks for every trace (a bounty's proof: its exploit test passes).

const BANK = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Bank {
  mapping(address => uint256) public balanceOf;
  function deposit() external payable { balanceOf[msg.sender] += msg.value; }
}
`;

const BANK_TEST = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import "forge-std/Test.sol";
import "Bank.sol";
contract BankTest is Test {
  Bank bank;
  function setUp() public { bank = new Bank(); }
  function testDepositCounts() public {
    bank.deposit{value: 7}();
    assertEq(bank.balanceOf(address(this)), 7);
  }
}
`;

const run = (traces?: 'failing' | 'all'): Promise<EngineResult> =>
  runSuiteRequest(
    {
      source: '',
      sources: [
        { name: 'Bank.sol', content: BANK },
        { name: 'test/Bank.t.sol', content: BANK_TEST },
      ],
      testType: 'smart_contract',
      network: 'ethereum',
      ...(traces ? { traces } : {}),
    },
    { deadline: performance.now() + 100_000, runTimeoutMs: 100_000, memoryMb: 4_096, gasPerCall: 5_000_000 },
  );

const passing = (result: EngineResult) => {
  expect(result.summary).toBe('All 1 tests passed.');
  return result.functions.find((f) => f.name === 'testDepositCounts');
};

describe('traces of passing tests', () => {
  it('are absent by default and with traces: failing', { timeout: 200_000 }, async () => {
    expect(passing(await run())?.test?.trace).toBeUndefined();
    expect(passing(await run('failing'))?.test?.trace).toBeUndefined();
  });

  it('are kept with traces: all: the test’s own call, then its calls into the target with their selectors’ functions', { timeout: 200_000 }, async () => {
    const trace = passing(await run('all'))?.test?.trace;
    expect(trace).toEqual([
      expect.objectContaining({ depth: 0, contract: 'BankTest', function: 'testDepositCounts()', outcome: 'returned' }),
      expect.objectContaining({ depth: 1, kind: 'CALL', contract: 'Bank', function: 'deposit()', value: '7', outcome: 'returned' }),
      expect.objectContaining({
        depth: 1,
        kind: 'STATICCALL',
        contract: 'Bank',
        function: expect.stringMatching(/^balanceOf\(/),
        outcome: 'returned',
        output: '7',
      }),
      expect.objectContaining({ depth: 1, contract: 'vm', outcome: 'returned' }),
    ]);
  });
});
