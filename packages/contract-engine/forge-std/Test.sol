// SPDX-License-Identifier: MIT
pragma solidity >=0.8.13 <0.9.0;

// What a test file imports with `import {Test, console} from "forge-std/Test.sol";`: the Test
// base and, as forge-std's Test.sol does, the console, the panic data and the Vm interface.
import {console} from "./console.sol";
import {console2} from "./console2.sol";
import {stdError} from "./StdError.sol";
import {StdAssertions} from "./StdAssertions.sol";
import {StdCheats} from "./StdCheats.sol";
import {StdInvariant} from "./StdInvariant.sol";
import {StdUtils} from "./StdUtils.sol";
import {Vm, VmSafe} from "./Vm.sol";
import {CommonBase, TestBase} from "./Base.sol";

/// Starforge's Test base, with forge-std's shape: `vm`, the assertions, the cheat helpers,
/// invariant targeting and the fuzzing utilities.
abstract contract Test is TestBase, StdAssertions, StdCheats, StdInvariant, StdUtils {
    /// Marks a test contract (ds-test's convention, kept by forge-std).
    bool public IS_TEST = true;
}
