import type { SuiteSource } from '@starforge/contracts/rewards';

export const HEADER = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n';

const BANK = `${HEADER}
contract Bank {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    function deposit(uint256 amount) external {
        balanceOf[msg.sender] += amount;
        totalSupply += amount;
    }

    function withdraw(uint256 amount) external {
        require(balanceOf[msg.sender] >= amount, "insufficient");
        balanceOf[msg.sender] -= amount;
        totalSupply -= amount;
    }

    function transfer(address to, uint256 amount) external {
        require(balanceOf[msg.sender] >= amount, "insufficient");
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
    }
}
`;

const UNIT_TESTS = 16;

/** The issue's suite: 16 unit tests, three fuzz tests (256 runs each) and one 64 × 15 invariant campaign (64 runs by Foundry's inline configuration, both engines honour it). */
export const issueSuite = (salt: string): SuiteSource[] => {
  const units = Array.from(
    { length: UNIT_TESTS },
    (_, i) => `    function testDeposit${i}() public {
        bank.deposit(${i + 1} ether);
        assertEq(bank.balanceOf(address(this)), ${i + 1} ether);
    }`,
  ).join('\n\n');
  return [
    { name: 'src/Bank.sol', content: BANK },
    {
      name: 'test/Bank.t.sol',
      content: `${HEADER}// ${salt}
import {Test} from "forge-std/Test.sol";
import {Bank} from "../src/Bank.sol";

contract BankTest is Test {
    Bank bank;

    function setUp() public {
        bank = new Bank();
        targetContract(address(bank));
    }

${units}

    function testFuzzDeposit(uint96 amount) public {
        bank.deposit(amount);
        assertEq(bank.totalSupply(), amount);
    }

    function testFuzzWithdraw(uint96 amount, uint96 taken) public {
        bank.deposit(amount);
        taken = uint96(bound(taken, 0, amount));
        bank.withdraw(taken);
        assertEq(bank.balanceOf(address(this)), amount - taken);
    }

    function testFuzzTransfer(address to, uint96 amount) public {
        vm.assume(to != address(this));
        bank.deposit(amount);
        bank.transfer(to, amount);
        assertEq(bank.balanceOf(to), amount);
    }

    /// forge-config: default.invariant.runs = 64
    function invariant_supplyCoversThisBalance() public view {
        assertGe(bank.totalSupply(), bank.balanceOf(address(this)));
    }
}
`,
    },
  ];
};
