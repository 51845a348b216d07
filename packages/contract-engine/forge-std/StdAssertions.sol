// SPDX-License-Identifier: MIT
pragma solidity >=0.8.13 <0.9.0;

import {Vm} from "./Vm.sol";

/// forge-std's assertions, written for Starforge. Each one is the cheatcode of the same name: on
/// failure it reverts with "assertion failed: <left> != <right>" (or the message given), which is
/// the test's failure. `fail()` marks the test failed without stopping it, as ds-test did.
abstract contract StdAssertions {
    Vm private constant _vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    event log(string);
    event logs(bytes);
    event log_address(address);
    event log_bytes32(bytes32);
    event log_int(int256);
    event log_uint(uint256);
    event log_bytes(bytes);
    event log_string(string);
    event log_named_address(string key, address val);
    event log_named_bytes32(string key, bytes32 val);
    event log_named_decimal_int(string key, int256 val, uint256 decimals);
    event log_named_decimal_uint(string key, uint256 val, uint256 decimals);
    event log_named_int(string key, int256 val);
    event log_named_uint(string key, uint256 val);
    event log_named_bytes(string key, bytes val);
    event log_named_string(string key, string val);
    event log_array(uint256[] val);
    event log_array(int256[] val);
    event log_array(address[] val);
    event log_named_array(string key, uint256[] val);
    event log_named_array(string key, int256[] val);
    event log_named_array(string key, address[] val);

    bool private _failed;

    /// The runner reads a non-reverting failure from the cheatcode account's "failed" slot.
    function failed() public view returns (bool) {
        if (_failed) return true;
        return _vm.load(address(_vm), bytes32("failed")) != bytes32(0);
    }

    function fail() internal virtual {
        _vm.store(address(_vm), bytes32("failed"), bytes32(uint256(1)));
        _failed = true;
    }

    /// Fails the test here, with the message as its reason.
    function fail(string memory message) internal virtual {
        revert(message);
    }

    function assertTrue(bool condition) internal pure virtual {
        _vm.assertTrue(condition);
    }

    function assertTrue(bool condition, string memory err) internal pure virtual {
        _vm.assertTrue(condition, err);
    }

    function assertFalse(bool condition) internal pure virtual {
        _vm.assertFalse(condition);
    }

    function assertFalse(bool condition, string memory err) internal pure virtual {
        _vm.assertFalse(condition, err);
    }

    function assertEq(bool left, bool right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(bool left, bool right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(uint256 left, uint256 right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(uint256 left, uint256 right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(int256 left, int256 right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(int256 left, int256 right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(address left, address right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(address left, address right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(bytes32 left, bytes32 right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(bytes32 left, bytes32 right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(string memory left, string memory right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(string memory left, string memory right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(bytes memory left, bytes memory right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(bytes memory left, bytes memory right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(bool[] memory left, bool[] memory right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(bool[] memory left, bool[] memory right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(uint256[] memory left, uint256[] memory right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(uint256[] memory left, uint256[] memory right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(int256[] memory left, int256[] memory right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(int256[] memory left, int256[] memory right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(address[] memory left, address[] memory right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(address[] memory left, address[] memory right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(bytes32[] memory left, bytes32[] memory right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(bytes32[] memory left, bytes32[] memory right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(string[] memory left, string[] memory right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(string[] memory left, string[] memory right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq(bytes[] memory left, bytes[] memory right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq(bytes[] memory left, bytes[] memory right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEqUint(uint256 left, uint256 right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEqUint(uint256 left, uint256 right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq32(bytes32 left, bytes32 right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq32(bytes32 left, bytes32 right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEq0(bytes memory left, bytes memory right) internal pure virtual {
        _vm.assertEq(left, right);
    }

    function assertEq0(bytes memory left, bytes memory right, string memory err) internal pure virtual {
        _vm.assertEq(left, right, err);
    }

    function assertEqDecimal(uint256 left, uint256 right, uint256 decimals) internal pure virtual {
        _vm.assertEqDecimal(left, right, decimals);
    }

    function assertEqDecimal(uint256 left, uint256 right, uint256 decimals, string memory err) internal pure virtual {
        _vm.assertEqDecimal(left, right, decimals, err);
    }

    function assertEqDecimal(int256 left, int256 right, uint256 decimals) internal pure virtual {
        _vm.assertEqDecimal(left, right, decimals);
    }

    function assertEqDecimal(int256 left, int256 right, uint256 decimals, string memory err) internal pure virtual {
        _vm.assertEqDecimal(left, right, decimals, err);
    }

    function assertNotEq(bool left, bool right) internal pure virtual {
        _vm.assertNotEq(left, right);
    }

    function assertNotEq(bool left, bool right, string memory err) internal pure virtual {
        _vm.assertNotEq(left, right, err);
    }

    function assertNotEq(uint256 left, uint256 right) internal pure virtual {
        _vm.assertNotEq(left, right);
    }

    function assertNotEq(uint256 left, uint256 right, string memory err) internal pure virtual {
        _vm.assertNotEq(left, right, err);
    }

    function assertNotEq(int256 left, int256 right) internal pure virtual {
        _vm.assertNotEq(left, right);
    }

    function assertNotEq(int256 left, int256 right, string memory err) internal pure virtual {
        _vm.assertNotEq(left, right, err);
    }

    function assertNotEq(address left, address right) internal pure virtual {
        _vm.assertNotEq(left, right);
    }

    function assertNotEq(address left, address right, string memory err) internal pure virtual {
        _vm.assertNotEq(left, right, err);
    }

    function assertNotEq(bytes32 left, bytes32 right) internal pure virtual {
        _vm.assertNotEq(left, right);
    }

    function assertNotEq(bytes32 left, bytes32 right, string memory err) internal pure virtual {
        _vm.assertNotEq(left, right, err);
    }

    function assertNotEq(string memory left, string memory right) internal pure virtual {
        _vm.assertNotEq(left, right);
    }

    function assertNotEq(string memory left, string memory right, string memory err) internal pure virtual {
        _vm.assertNotEq(left, right, err);
    }

    function assertNotEq(bytes memory left, bytes memory right) internal pure virtual {
        _vm.assertNotEq(left, right);
    }

    function assertNotEq(bytes memory left, bytes memory right, string memory err) internal pure virtual {
        _vm.assertNotEq(left, right, err);
    }

    function assertLt(uint256 left, uint256 right) internal pure virtual {
        _vm.assertLt(left, right);
    }

    function assertLt(uint256 left, uint256 right, string memory err) internal pure virtual {
        _vm.assertLt(left, right, err);
    }

    function assertLt(int256 left, int256 right) internal pure virtual {
        _vm.assertLt(left, right);
    }

    function assertLt(int256 left, int256 right, string memory err) internal pure virtual {
        _vm.assertLt(left, right, err);
    }

    function assertLe(uint256 left, uint256 right) internal pure virtual {
        _vm.assertLe(left, right);
    }

    function assertLe(uint256 left, uint256 right, string memory err) internal pure virtual {
        _vm.assertLe(left, right, err);
    }

    function assertLe(int256 left, int256 right) internal pure virtual {
        _vm.assertLe(left, right);
    }

    function assertLe(int256 left, int256 right, string memory err) internal pure virtual {
        _vm.assertLe(left, right, err);
    }

    function assertGt(uint256 left, uint256 right) internal pure virtual {
        _vm.assertGt(left, right);
    }

    function assertGt(uint256 left, uint256 right, string memory err) internal pure virtual {
        _vm.assertGt(left, right, err);
    }

    function assertGt(int256 left, int256 right) internal pure virtual {
        _vm.assertGt(left, right);
    }

    function assertGt(int256 left, int256 right, string memory err) internal pure virtual {
        _vm.assertGt(left, right, err);
    }

    function assertGe(uint256 left, uint256 right) internal pure virtual {
        _vm.assertGe(left, right);
    }

    function assertGe(uint256 left, uint256 right, string memory err) internal pure virtual {
        _vm.assertGe(left, right, err);
    }

    function assertGe(int256 left, int256 right) internal pure virtual {
        _vm.assertGe(left, right);
    }

    function assertGe(int256 left, int256 right, string memory err) internal pure virtual {
        _vm.assertGe(left, right, err);
    }

    function assertApproxEqAbs(uint256 left, uint256 right, uint256 maxDelta) internal pure virtual {
        _vm.assertApproxEqAbs(left, right, maxDelta);
    }

    function assertApproxEqAbs(uint256 left, uint256 right, uint256 maxDelta, string memory err) internal pure virtual {
        _vm.assertApproxEqAbs(left, right, maxDelta, err);
    }

    function assertApproxEqAbs(int256 left, int256 right, uint256 maxDelta) internal pure virtual {
        _vm.assertApproxEqAbs(left, right, maxDelta);
    }

    function assertApproxEqAbs(int256 left, int256 right, uint256 maxDelta, string memory err) internal pure virtual {
        _vm.assertApproxEqAbs(left, right, maxDelta, err);
    }

    function assertApproxEqRel(uint256 left, uint256 right, uint256 maxPercentDelta) internal pure virtual {
        _vm.assertApproxEqRel(left, right, maxPercentDelta);
    }

    function assertApproxEqRel(uint256 left, uint256 right, uint256 maxPercentDelta, string memory err) internal pure virtual {
        _vm.assertApproxEqRel(left, right, maxPercentDelta, err);
    }

    function assertApproxEqRel(int256 left, int256 right, uint256 maxPercentDelta) internal pure virtual {
        _vm.assertApproxEqRel(left, right, maxPercentDelta);
    }

    function assertApproxEqRel(int256 left, int256 right, uint256 maxPercentDelta, string memory err) internal pure virtual {
        _vm.assertApproxEqRel(left, right, maxPercentDelta, err);
    }
}
