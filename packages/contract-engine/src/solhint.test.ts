import { describe, expect, it } from 'vitest';
import { SAMPLE_CONTRACTS } from '@starforge/contracts/rewards';
import { solhintFindings } from './solhint';

const source = (body: string) => `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n${body}`;

describe("solhint's security rules", () => {
  it('finds what a reviewer would ask about, each with its rule, severity and place (1-based)', async () => {
    const findings = await solhintFindings(
      source(`contract Auction {
    uint256 public end;
    function open() external {
        end = block.timestamp + 1 days;
    }
    function id() external view returns (uint256 r) {
        assembly { r := chainid() }
    }
}
`),
    );
    expect(findings).toEqual([
      expect.objectContaining({ rule: 'solhint/not-rely-on-time', severity: 'low', line: 6, column: 15 }),
      expect.objectContaining({ rule: 'solhint/no-inline-assembly', severity: 'low', line: 9, column: 9 }),
    ]);
    expect(findings?.[0]?.message).toMatch(/\(solhint's not-rely-on-time\)$/);
  });

  it('leaves style alone: the samples, whose state variables carry no visibility marker, have no finding', async () => {
    for (const sample of SAMPLE_CONTRACTS) expect(await solhintFindings(sample.source), sample.id).toEqual([]);
  });

  it('answers null, not a throw, when its parser cannot read what it is given', async () => {
    expect(await solhintFindings(source('contract A { function f() public { x = ; } }'))).toBeNull();
  });
});
