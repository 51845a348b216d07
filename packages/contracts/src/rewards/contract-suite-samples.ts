import type { SuiteSource } from './contract-suite';
import type { TestType } from './test-runs';

/**
 * Suites a newcomer can run in one click (issue 27): contracts under test and Foundry-style test
 * files importing forge-std and OpenZeppelin. Plain data with no Node import, like the one-file
 * samples beside them.
 */
export interface SampleSuite {
  id: 'vault-suite' | 'erc20-openzeppelin';
  title: string;
  description: string;
  testType: TestType;
  sources: readonly SuiteSource[];
}

const vault = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Holds ether for its depositors; each may take back what they put in.
contract Vault {
    mapping(address => uint256) public balanceOf;
    uint256 public totalDeposits;

    error NothingToWithdraw();

    function deposit() external payable {
        balanceOf[msg.sender] += msg.value;
        totalDeposits += msg.value;
    }

    function withdraw(uint256 amount) external {
        if (amount == 0 || balanceOf[msg.sender] < amount) revert NothingToWithdraw();
        balanceOf[msg.sender] -= amount;
        totalDeposits -= amount;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "transfer failed");
    }
}
`;

const vaultTest = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test, console} from "forge-std/Test.sol";
import {Vault} from "../src/Vault.sol";

contract VaultTest is Test {
    Vault vault;
    address alice = makeAddr("alice");

    function setUp() public {
        vault = new Vault();
        vm.deal(alice, 10 ether);
    }

    /// A unit test: a deposit is credited to its sender.
    function testDeposit() public {
        vm.prank(alice);
        vault.deposit{value: 1 ether}();
        assertEq(vault.balanceOf(alice), 1 ether);
        console.log("alice deposited", vault.balanceOf(alice));
    }

    /// A unit test of a revert: nobody takes out what they never put in.
    function testWithdrawMoreThanDepositedReverts() public {
        vm.expectRevert(Vault.NothingToWithdraw.selector);
        vm.prank(alice);
        vault.withdraw(1);
    }

    /// A fuzz test: any amount deposited can be withdrawn whole (256 runs).
    function testFuzzDepositThenWithdraw(uint96 amount) public {
        vm.assume(amount > 0);
        vm.deal(alice, amount);
        vm.startPrank(alice);
        vault.deposit{value: amount}();
        vault.withdraw(amount);
        vm.stopPrank();
        assertEq(alice.balance, amount);
        assertEq(vault.totalDeposits(), 0);
    }

    /// An invariant: whatever calls are made, the vault holds what it owes.
    function invariantHoldsWhatItOwes() public view {
        assertEq(address(vault).balance, vault.totalDeposits());
    }
}
`;

const token = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// An ERC-20 on OpenZeppelin's implementation: its whole supply minted to the deployer.
contract StarToken is ERC20 {
    constructor(uint256 supply) ERC20("Star", "STAR") {
        _mint(msg.sender, supply);
    }
}
`;

const tokenTest = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {StarToken} from "../src/StarToken.sol";

contract StarTokenTest is Test {
    StarToken token;
    address bob = makeAddr("bob");

    function setUp() public {
        token = new StarToken(1_000_000e18);
    }

    function testMetadata() public view {
        assertEq(token.name(), "Star");
        assertEq(token.symbol(), "STAR");
        assertEq(token.decimals(), 18);
    }

    function testTransfer() public {
        assertTrue(token.transfer(bob, 250e18));
        assertEq(token.balanceOf(bob), 250e18);
    }

    /// A fuzz test: a transfer moves exactly its amount, and never more than the sender has.
    function testFuzzTransfer(uint256 amount) public {
        vm.assume(amount <= token.balanceOf(address(this)));
        uint256 before = token.balanceOf(address(this));
        token.transfer(bob, amount);
        assertEq(token.balanceOf(bob), amount);
        assertEq(token.balanceOf(address(this)), before - amount);
    }

    function testTransferFromNeedsAllowance() public {
        vm.expectRevert();
        vm.prank(bob);
        token.transferFrom(address(this), bob, 1);
    }
}
`;

export const SAMPLE_SUITES: readonly SampleSuite[] = [
  {
    id: 'vault-suite',
    title: 'Vault suite',
    description: 'A vault and its forge-std tests: a unit test, a revert, a fuzz test and an invariant.',
    testType: 'smart_contract',
    sources: [
      { name: 'src/Vault.sol', content: vault },
      { name: 'test/Vault.t.sol', content: vaultTest },
    ],
  },
  {
    id: 'erc20-openzeppelin',
    title: 'ERC20 with OpenZeppelin',
    description: "An ERC-20 built on OpenZeppelin's contracts, with unit and fuzz tests.",
    testType: 'smart_contract',
    sources: [
      { name: 'src/StarToken.sol', content: token },
      { name: 'test/StarToken.t.sol', content: tokenTest },
    ],
  },
];
