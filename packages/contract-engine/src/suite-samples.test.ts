import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUITE_LIBRARY_PREFIXES, suiteSourcesSchema } from '@starforge/contracts/rewards';
import { SAMPLE_SUITES } from '@starforge/contracts/rewards';

describe('the sample suites', () => {
  it('are runs the API takes, each importing only its own files and the installed libraries', () => {
    for (const suite of SAMPLE_SUITES) {
      expect(suiteSourcesSchema.safeParse(suite.sources).success, suite.id).toBe(true);
      const names = new Set(suite.sources.map((s) => s.name));
      for (const source of suite.sources) {
        for (const [, path = ''] of source.content.matchAll(/^import [^"]*"([^"]+)";/gm)) {
          const resolved = path.startsWith('.') ? posix.join(posix.dirname(source.name), path) : path;
          expect(names.has(resolved) || SUITE_LIBRARY_PREFIXES.some((p) => resolved.startsWith(p)), `${source.name} imports ${path}`).toBe(true);
        }
      }
    }
  });

  it('show the suite features: a unit, a fuzz and an invariant test over forge-std, and OpenZeppelin’s ERC20', () => {
    const all = (id: string) =>
      SAMPLE_SUITES.find((s) => s.id === id)
        ?.sources.map((s) => s.content)
        .join('\n') ?? '';
    expect(all('vault-suite')).toMatch(/import \{Test, console\} from "forge-std\/Test.sol";/);
    expect(all('vault-suite')).toMatch(/function testDeposit\(\)[\s\S]*function testFuzz\w+\(uint96 amount\)[\s\S]*function invariant\w+\(\)/);
    expect(all('erc20-openzeppelin')).toContain('import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";');
  });
});
