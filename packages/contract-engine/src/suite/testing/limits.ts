/** Fixtures that push a run against its limits: gas, time, memory, a campaign's own time limit. */
const header = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import {Test} from "forge-std/Test.sol";
`;

export const LOOP_TEST = `${header}
contract LoopTest is Test {
  function testEndless() public pure { uint256 i; while (true) { i++; } }
}
`;

/** Passes, but only after burning its whole budget: about a second per 10M gas here. */
export const LONG_TEST = `${header}
contract LongTest is Test {
  function testLong() public view {
    uint256 acc;
    for (uint256 i; gasleft() > 100_000; i++) acc += i;
  }
}
`;

export const SLOW_FUZZ_TEST = `${header}
contract SlowFuzzTest is Test {
  function testFuzzSlow(uint256 x) public pure {
    uint256 acc;
    for (uint256 i; i < 20_000; i++) acc ^= i ^ x;
  }
}
`;

/** Done at once: its result comes back even when another suite of the run is killed. */
export const QUICK_TEST = `${header}
contract QuickTest is Test {
  function testQuick() public pure {}
}
`;
