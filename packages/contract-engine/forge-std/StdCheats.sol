// SPDX-License-Identifier: MIT
pragma solidity >=0.8.13 <0.9.0;

import {Vm} from "./Vm.sol";

/// forge-std's cheat helpers, written for Starforge: named accounts, balances, pranks with
/// money, and time.
abstract contract StdCheats {
    Vm private constant _cheats = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    struct Account {
        address addr;
        uint256 key;
    }

    /// An address and its private key derived from a name (keccak256 of it), labelled with the name
    /// so traces show it.
    function makeAddrAndKey(string memory name) internal virtual returns (address addr, uint256 privateKey) {
        privateKey = uint256(keccak256(abi.encodePacked(name)));
        addr = _cheats.addr(privateKey);
        _cheats.label(addr, name);
    }

    /// The same as makeAddrAndKey (another name for it).
    function makeAddrWithKey(string memory name) internal virtual returns (address addr, uint256 privateKey) {
        (addr, privateKey) = makeAddrAndKey(name);
    }

    function makeAddr(string memory name) internal virtual returns (address addr) {
        (addr,) = makeAddrAndKey(name);
    }

    function makeAccount(string memory name) internal virtual returns (Account memory account) {
        (account.addr, account.key) = makeAddrAndKey(name);
    }

    /// Sets an account's ether balance.
    function deal(address to, uint256 give) internal virtual {
        _cheats.deal(to, give);
    }

    /// Sets an ERC-20 balance by writing the token's storage.
    function deal(address token, address to, uint256 give) internal virtual {
        deal(token, to, give, false);
    }

    /// Sets an ERC-20 balance; with `adjust`, totalSupply moves by the same amount.
    function deal(address token, address to, uint256 give, bool adjust) internal virtual {
        bytes32 balanceSlot = _slotAnswering(token, abi.encodeWithSelector(0x70a08231, to));
        uint256 previous = uint256(_cheats.load(token, balanceSlot));
        _cheats.store(token, balanceSlot, bytes32(give));
        if (adjust) {
            bytes32 supplySlot = _slotAnswering(token, abi.encodeWithSelector(0x18160ddd));
            uint256 supply = uint256(_cheats.load(token, supplySlot));
            supply = give < previous ? supply - (previous - give) : supply + (give - previous);
            _cheats.store(token, supplySlot, bytes32(supply));
        }
    }

    /// The storage slot whose value a view call returns: among the slots the call reads, the one
    /// that, changed, changes the answer.
    function _slotAnswering(address target, bytes memory data) private returns (bytes32) {
        _cheats.record();
        (bool ok, bytes memory answer) = target.staticcall(data);
        require(ok && answer.length >= 32, "StdCheats deal(): the token did not answer balanceOf/totalSupply.");
        (bytes32[] memory reads,) = _cheats.accesses(target);
        for (uint256 i = reads.length; i > 0; i--) {
            bytes32 slot = reads[i - 1];
            bytes32 old = _cheats.load(target, slot);
            bytes32 probe = old == bytes32(uint256(1337)) ? bytes32(uint256(7331)) : bytes32(uint256(1337));
            _cheats.store(target, slot, probe);
            (bool probed, bytes memory changed) = target.staticcall(data);
            _cheats.store(target, slot, old);
            if (probed && changed.length >= 32 && abi.decode(changed, (bytes32)) == probe) return slot;
        }
        revert("StdCheats deal(): no storage slot of the token holds this value.");
    }

    /// The next call comes from `who`, which first gets 2**128 wei (or `give`).
    function hoax(address msgSender) internal virtual {
        _cheats.deal(msgSender, 1 << 128);
        _cheats.prank(msgSender);
    }

    function hoax(address msgSender, uint256 give) internal virtual {
        _cheats.deal(msgSender, give);
        _cheats.prank(msgSender);
    }

    function hoax(address msgSender, address origin) internal virtual {
        _cheats.deal(msgSender, 1 << 128);
        _cheats.prank(msgSender, origin);
    }

    function hoax(address msgSender, address origin, uint256 give) internal virtual {
        _cheats.deal(msgSender, give);
        _cheats.prank(msgSender, origin);
    }

    /// Every call until stopPrank comes from `who`, which first gets 2**128 wei (or `give`).
    function startHoax(address msgSender) internal virtual {
        _cheats.deal(msgSender, 1 << 128);
        _cheats.startPrank(msgSender);
    }

    function startHoax(address msgSender, uint256 give) internal virtual {
        _cheats.deal(msgSender, give);
        _cheats.startPrank(msgSender);
    }

    function startHoax(address msgSender, address origin) internal virtual {
        _cheats.deal(msgSender, 1 << 128);
        _cheats.startPrank(msgSender, origin);
    }

    function startHoax(address msgSender, address origin, uint256 give) internal virtual {
        _cheats.deal(msgSender, give);
        _cheats.startPrank(msgSender, origin);
    }

    function changePrank(address msgSender) internal virtual {
        _cheats.stopPrank();
        _cheats.startPrank(msgSender);
    }

    /// Moves block.timestamp forward (skip) or back (rewind).
    function skip(uint256 time) internal virtual {
        _cheats.warp(block.timestamp + time);
    }

    function rewind(uint256 time) internal virtual {
        _cheats.warp(block.timestamp - time);
    }

    /// Rejects a fuzzed address that is a precompile (0x01 to 0xff and Osaka's 0x100).
    function assumeNotPrecompile(address addr) internal pure virtual {
        _cheats.assume(uint160(addr) == 0 || uint160(addr) > 0x100);
    }

    /// Rejects a fuzzed address that is one of the runner's own: the cheatcodes, console, the CREATE2 factory.
    function assumeNotForgeAddress(address addr) internal pure virtual {
        _cheats.assume(
            addr != address(_cheats) && addr != 0x000000000000000000636F6e736F6c652e6c6f67
                && addr != 0x4e59b44847b379578588920cA78FbF26c0B4956C
        );
    }

    /// Deploys a contract of the run by its artifact name (`Counter.sol:Counter`), with constructor arguments.
    function deployCode(string memory what, bytes memory args) internal virtual returns (address addr) {
        bytes memory code = abi.encodePacked(_cheats.getCode(what), args);
        assembly ("memory-safe") {
            addr := create(0, add(code, 0x20), mload(code))
        }
        require(addr != address(0), "StdCheats deployCode(string,bytes): Deployment failed.");
    }

    function deployCode(string memory what) internal virtual returns (address addr) {
        addr = deployCode(what, "");
    }
}
