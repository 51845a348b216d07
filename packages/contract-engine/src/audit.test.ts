import { createRequire } from 'node:module';
import type { AuditRule } from '@starforge/contracts/rewards';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditAst } from './audit';
import { compileSource, type Solc } from './compile';

let solc: Solc;
beforeAll(() => {
  solc = createRequire(import.meta.url)('solc') as Solc;
});

/** Compiles a contract body with the real solc and audits it. */
const audit = (body: string) => {
  const source = `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n${body}`;
  const compiled = compileSource(solc, source, { evmVersion: 'osaka', optimize: false });
  expect(compiled.errors).toEqual([]);
  return auditAst(compiled.ast!, source);
};

const rulesOf = (body: string) => audit(body).map((f) => f.rule);

/** Each rule: a minimal contract that has the flaw (and the line it is on), and its safe twin. */
const cases: { rule: AuditRule; flawed: string; line: number; safe: string }[] = [
  {
    rule: 'tx-origin-auth',
    flawed: `contract C {
      address owner = msg.sender;
      function pay(address payable to) external {
        require(tx.origin == owner, "not the owner");
        to.transfer(1);
      }
    }`,
    line: 6,
    safe: `contract C {
      address owner = msg.sender;
      event Called(address by);
      function pay(address payable to) external {
        require(msg.sender == owner, "not the owner");
        require(tx.origin == msg.sender, "people only");
        emit Called(tx.origin);
        to.transfer(1);
      }
    }`,
  },
  {
    rule: 'unchecked-call',
    flawed: `contract C {
      function pay(address to) external {
        (bool sent, ) = to.call{value: 1}("");
      }
    }`,
    line: 5,
    safe: `contract C {
      function pay(address to) external {
        (bool sent, ) = to.call{value: 1}("");
        require(sent, "payment failed");
      }
    }`,
  },
  {
    rule: 'delegatecall-to-input',
    flawed: `contract C {
      function run(address code, bytes calldata data) external {
        (bool ok, ) = code.delegatecall(data);
        require(ok);
      }
    }`,
    line: 5,
    safe: `contract C {
      address immutable implementation = address(0x1234);
      function run(bytes calldata data) external {
        (bool ok, ) = implementation.delegatecall(data);
        require(ok);
      }
    }`,
  },
  {
    rule: 'selfdestruct',
    flawed: `contract C {
      function close() external {
        selfdestruct(payable(msg.sender));
      }
    }`,
    line: 5,
    safe: `contract C {
      bool closed;
      function close() external {
        closed = true;
        payable(msg.sender).transfer(address(this).balance);
      }
    }`,
  },
  {
    rule: 'state-after-call',
    flawed: `contract C {
      mapping(address => uint256) balances;
      function withdraw() external {
        (bool ok, ) = msg.sender.call{value: balances[msg.sender]}("");
        require(ok);
        balances[msg.sender] = 0;
      }
    }`,
    line: 8,
    safe: `contract C {
      mapping(address => uint256) balances;
      function withdraw() external {
        uint256 amount = balances[msg.sender];
        balances[msg.sender] = 0;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok);
      }
    }`,
  },
];

describe('security audit rules', () => {
  for (const { rule, flawed, line, safe } of cases) {
    it(`${rule} fires on its flaw, at its line, and not on the safe twin`, () => {
      const findings = audit(flawed);
      expect(findings.map((f) => f.rule)).toEqual([rule]);
      expect(findings[0]!.line).toBe(line);
      expect(findings[0]!.title.length).toBeGreaterThan(0);
      expect(findings[0]!.severity).toMatch(/high|medium|low/);
      expect(rulesOf(safe)).toEqual([]);
    });
  }

  it('finds tx.origin authorisation in a modifier, through a mapping, and in an if', () => {
    const findings = audit(`contract C {
      address owner = msg.sender;
      mapping(address => bool) admins;
      modifier onlyOwner() { if (tx.origin != owner) revert(); _; }
      function a() external onlyOwner {}
      function b() external { require(admins[tx.origin]); }
    }`);
    expect(findings.map((f) => [f.rule, f.line])).toEqual([
      ['tx-origin-auth', 6],
      ['tx-origin-auth', 8],
    ]);
    expect(findings[0]!.message).toContain('modifier onlyOwner');
  });

  it('counts a bare .send or .call statement as unchecked, and a checked send as checked', () => {
    expect(
      rulesOf(`contract C {
        function a(address payable to) external { to.send(1); }
        function b(address to) external { to.call(""); }
        function c(address payable to) external { require(to.send(1)); }
        function d(address to) external returns (bool ok) { (ok, ) = to.call(""); }
      }`),
    ).toEqual(['unchecked-call', 'unchecked-call']);
  });

  it('sees a write after an interface call, leaves view calls and guarded functions alone', () => {
    const findings = audit(`interface IBank { function pay(address to) external; function rate() external view returns (uint256); }
    contract C {
      uint256 paid; uint256 lastRate; bool locked;
      modifier nonReentrant() { require(!locked); locked = true; _; locked = false; }
      function viaInterface(IBank bank) external { bank.pay(msg.sender); paid++; }
      function afterView(IBank bank) external { lastRate = bank.rate(); paid++; }
      function guarded(IBank bank) external nonReentrant { bank.pay(msg.sender); paid++; }
    }`);
    expect(findings.map((f) => [f.rule, f.line])).toEqual([['state-after-call', 7]]);
    expect(findings[0]!.message).toContain('viaInterface() writes paid');
  });

  it('flags delegatecall to a parameter even behind address() and payable()', () => {
    expect(
      rulesOf(`contract C {
        function run(address payable code) external returns (bool ok) { (ok, ) = address(code).delegatecall(""); }
      }`),
    ).toEqual(['delegatecall-to-input']);
  });
});
