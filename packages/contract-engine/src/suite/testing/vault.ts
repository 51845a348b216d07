/** The fixture suite: a vault with a planted bug, a handler whose invariant breaks after two calls, and tests of each kind. */
export const VAULT = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Vault {
  mapping(address => uint256) public balanceOf;
  uint256 public total;
  address public immutable owner = msg.sender;
  error NotOwner(address who);
  function deposit(uint256 amount) external { balanceOf[msg.sender] += amount; total += amount; }
  function withdraw(uint256 amount) external {
    require(balanceOf[msg.sender] >= amount, "not enough balance");
    balanceOf[msg.sender] -= amount;
    total -= amount;
  }
  function sweep() external view { if (msg.sender != owner) revert NotOwner(msg.sender); }
  /** The planted bug: one band of fee values breaks it. */
  function feeFor(uint256 amount) external pure returns (uint256) {
    if (amount > 10_000 && amount < 2 ** 64) revert("fee band");
    return amount / 100;
  }
}
contract Lock {
  uint256 public stage;
  bool public open;
  function arm(uint256 code) external { if (code % 5 == 3) stage = 1; }
  function fire() external { if (stage == 1) open = true; }
}
`;

export const VAULT_TEST = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import {Test, console} from "forge-std/Test.sol";
import {Vault, Lock} from "src/Vault.sol";
contract VaultTest is Test {
  Vault vault;
  function setUp() public { vault = new Vault(); }
  function testDeposit() public {
    vault.deposit(250);
    console.log("total after deposit", vault.total());
    assertEq(vault.total(), 250);
  }
  function testWithdrawTooMuch() public {
    vault.deposit(100);
    vault.withdraw(150);
  }
  function testWrongTotal() public {
    vault.deposit(7);
    assertEq(vault.total(), 8);
  }
  function testChainId() public view { assertEq(block.chainid, 11155111); }
  function testCheatAssert() public {
    vault.deposit(7);
    vm.assertEq(vault.total(), 1);
  }
  function testSweepByStranger() public {
    vm.prank(address(0xBEEF));
    vm.expectRevert(abi.encodeWithSelector(Vault.NotOwner.selector, address(0xBEEF)));
    vault.sweep();
  }
  function testFuzzFee(uint256 amount) public view { vault.feeFor(amount); }
  function testEnvString() public view { vm.envString("DATABASE_URL"); }
  function testEnvOr() public view { console.log(vm.envOr("DATABASE_URL", string("no database"))); }
  function testReadFile() public view { vm.readFile("/etc/passwd"); }
  function testFfi() public { string[] memory command = new string[](1); command[0] = "id"; vm.ffi(command); }
  function testFork() public { vm.createSelectFork("mainnet"); }
  function testFailWithdraw() public { vault.withdraw(1); }
}
contract LockInvariantTest is Test {
  Lock lock;
  function setUp() public { lock = new Lock(); }
  function invariant_stays_shut() public view { require(!lock.open(), "the lock opened"); }
}
contract VaultInvariantTest is Test {
  Vault vault;
  function setUp() public { vault = new Vault(); }
  function invariant_total_covers_a_balance() public view { require(vault.total() >= vault.balanceOf(address(this)), "total below a balance"); }
}
`;
