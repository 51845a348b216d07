// SPDX-License-Identifier: MIT
pragma solidity >=0.8.13 <0.9.0;

import {Vm} from "./Vm.sol";

/// The addresses every Foundry-style test relies on.
abstract contract CommonBase {
    /// keccak256("hevm cheat code"): where the runner answers the cheatcodes.
    address internal constant VM_ADDRESS = address(uint160(uint256(keccak256("hevm cheat code"))));
    /// Where console.log's calls go.
    address internal constant CONSOLE = 0x000000000000000000636F6e736F6c652e6c6f67;
    /// The deterministic deployment proxy's address.
    address internal constant CREATE2_FACTORY = 0x4e59b44847b379578588920cA78FbF26c0B4956C;
    /// The sender of the runner's calls: keccak256("foundry default caller").
    address internal constant DEFAULT_SENDER = address(uint160(uint256(keccak256("foundry default caller"))));
    /// Where the runner deploys the test contract.
    address internal constant DEFAULT_TEST_CONTRACT = 0x5615dEB798BB3E4dFa0139dFa1b3D433Cc23b72f;
    address internal constant MULTICALL3_ADDRESS = 0xcA11bde05977b3631167028862bE2a173976CA11;
    /// The secp256k1 curve's order: private keys lie below it.
    uint256 internal constant SECP256K1_ORDER =
        115792089237316195423570985008687907852837564279074904382605163141518161494337;
    uint256 internal constant UINT256_MAX = type(uint256).max;

    Vm internal constant vm = Vm(VM_ADDRESS);
}

abstract contract TestBase is CommonBase {}
