import type { TestType } from './test-runs';
import type { ContractCall } from './schemas';

/**
 * Contracts a newcomer can run in one click. Plain data with no Node import, so the Testing
 * Engine's screen can import it (`@starforge/contracts/rewards`) without the engine.
 */
export interface SampleContract {
  id: 'counter' | 'vault' | 'token';
  title: string;
  description: string;
  /** The test type the sample is written for. */
  testType: TestType;
  source: string;
  /** For `transaction`: a call that succeeds. */
  call?: ContractCall;
}

const counter = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Counter {
    uint256 public number;

    function setNumber(uint256 newNumber) public {
        number = newNumber;
    }

    function increment() public {
        number++;
    }

    function decrement() public {
        number--;
    }
}

/// Foundry's convention: setUp() runs before each test; a test passes when it does not revert,
/// and a testFail… test passes when it does.
contract CounterTest {
    Counter counter;

    function setUp() public {
        counter = new Counter();
        counter.setNumber(41);
    }

    function testIncrement() public {
        counter.increment();
        require(counter.number() == 42, "increment should add one");
    }

    function testSetNumber() public {
        counter.setNumber(7);
        require(counter.number() == 7, "setNumber should store the number");
    }

    function testFailDecrementBelowZero() public {
        counter.setNumber(0);
        counter.decrement(); // reverts: 0.8 checks arithmetic
    }
}
`;

const vault = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A vault with a deliberate bug: withdraw() sends the ether before it clears the balance, so
/// the receiver can call withdraw() again from its receive() and be paid again (reentrancy).
contract Vault {
    mapping(address => uint256) public balances;

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        (bool sent, ) = msg.sender.call{value: amount}("");
        require(sent, "transfer failed");
        balances[msg.sender] = 0; // too late: should come before the call
    }
}

contract Thief {
    Vault private immutable vault;

    constructor(Vault target) {
        vault = target;
    }

    function steal() external payable {
        vault.deposit{value: msg.value}();
        vault.withdraw();
    }

    receive() external payable {
        if (address(vault).balance >= 1 ether) vault.withdraw();
    }
}

contract VaultTest {
    Vault vault;

    function setUp() public {
        vault = new Vault();
        vault.deposit{value: 10 ether}();
    }

    function testDepositAndWithdraw() public {
        uint256 before = address(this).balance;
        vault.withdraw();
        require(address(this).balance == before + 10 ether, "the depositor should get the deposit back");
    }

    function testThiefCannotTakeOthersEther() public {
        Thief thief = new Thief(vault);
        thief.steal{value: 1 ether}();
        require(address(vault).balance == 10 ether, "the vault was drained through reentrancy");
    }

    receive() external payable {}
}
`;

const token = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal token: call transfer(to, amount) and see its gas, its return value and its event;
/// ask for more than 1,000,000 and see the custom error it reverts with.
contract SimpleToken {
    string public constant name = "Forge Sample";
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 amount);
    error InsufficientBalance(uint256 available, uint256 required);

    constructor() {
        totalSupply = 1_000_000;
        balanceOf[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        uint256 available = balanceOf[msg.sender];
        if (amount > available) revert InsufficientBalance(available, amount);
        balanceOf[msg.sender] = available - amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }
}
`;

export const SAMPLE_CONTRACTS: readonly SampleContract[] = [
  {
    id: 'counter',
    title: 'Counter with tests',
    description: 'A counter and three Foundry-style tests that pass.',
    testType: 'smart_contract',
    source: counter,
  },
  {
    id: 'vault',
    title: 'Vault with a bug',
    description: 'A vault open to reentrancy: one of its tests fails, and a security audit names the line.',
    testType: 'smart_contract',
    source: vault,
  },
  {
    id: 'token',
    title: 'Token transfer',
    description: 'A minimal token: one transfer with its gas, return value and event.',
    testType: 'transaction',
    source: token,
    call: { function: 'transfer', args: ['0x000000000000000000000000000000000000dEaD', '250'] },
  },
];
