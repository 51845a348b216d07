import { describe, expect, it } from 'vitest';
import { compileSuite } from './compile';
import { runSuite } from './run';

// Real solc (the product's forge-std), real EDR in its child process.

const SLOW = { timeout: 120_000 };
const limits = { timeMs: 60_000, memoryMb: 2_048, gasPerCall: 5_000_000 };

const COUNTER = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Counter {
    uint256 public n;
    function bump(uint256 by) external { n += by % 10; }
}
`;

const suite = (directives: { invariant?: string; fuzz?: string; contract?: string }) => [
  { name: 'src/Counter.sol', content: COUNTER },
  {
    name: 'test/Counter.t.sol',
    content: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {Test} from "forge-std/Test.sol";
import {Counter} from "../src/Counter.sol";

${directives.contract ?? ''}contract CounterTest is Test {
    Counter counter;

    function setUp() public {
        counter = new Counter();
        targetContract(address(counter));
    }

${directives.fuzz ?? ''}    function testFuzzBump(uint256 by) public {
        counter.bump(by);
        assertLt(counter.n(), 10);
    }

${directives.invariant ?? ''}    function invariant_small() public view {
        assertLt(counter.n(), type(uint256).max);
    }
}
`,
  },
];

const run = async (sources: ReturnType<typeof suite>) => runSuite(await compileSuite(sources, { evmVersion: 'cancun' }), { limits });

describe("Foundry's inline configuration", () => {
  it('sets one invariant campaign to 8 runs × depth 4 and one fuzz test to 10 runs, named so in the result', SLOW, async () => {
    const outcome = await run(
      suite({
        invariant: '    /// forge-config: default.invariant.runs = 8\n    /// forge-config: default.invariant.depth = 4\n',
        fuzz: '    /// forge-config: default.fuzz.runs = 10\n',
      }),
    );
    expect(outcome.failure).toBeNull();
    const invariant = outcome.functions.find((f) => f.name === 'invariant_small');
    expect(invariant?.test?.invariant).toMatchObject({ runs: 8, depth: 4, calls: 32 });
    const fuzz = outcome.functions.find((f) => f.name === 'testFuzzBump');
    expect(fuzz).toMatchObject({ outcome: 'passed', test: { fuzz: { runs: 10 } } });
    // Ten runs were asked for: the campaign was not cut short by a time limit.
    expect(fuzz?.test?.stopped_by_timeout).toBeUndefined();
    expect(outcome.notes).toEqual([]);
  });

  it('applies a contract-level directive written without the default. profile to each of its tests', SLOW, async () => {
    const outcome = await run(suite({ contract: '/// forge-config: invariant.runs = 5\n' }));
    expect(outcome.failure).toBeNull();
    expect(outcome.functions.find((f) => f.name === 'invariant_small')?.test?.invariant).toMatchObject({ runs: 5, depth: 15, calls: 75 });
    expect(outcome.functions.find((f) => f.name === 'testFuzzBump')?.test?.fuzz?.runs).toBe(256);
  });

  it('fails the run with the file, the line and what is wrong when EDR refuses a directive', SLOW, async () => {
    const bad = await run(suite({ invariant: '    /// forge-config: default.invariant.runs = sixty\n' }));
    expect(bad.functions).toEqual([]);
    expect(bad.failure).toBe(
      'The inline configuration on line 19 of test/Counter.t.sol (CounterTest.invariant_small) cannot be used: default.invariant.runs takes a non-negative integer, not sixty. Nothing ran; fix the forge-config comment and run again.',
    );
    const ffi = await run(suite({ fuzz: '    /// forge-config: default.ffi = true\n' }));
    expect(ffi.failure).toMatch(
      /^The inline configuration on line 14 of test\/Counter\.t\.sol \(CounterTest\.testFuzzBump\) cannot be used: default\.ffi is not a setting/,
    );
  });
});
