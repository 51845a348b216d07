import { describe, expect, it } from 'vitest';
import { SUITE_FILE_MAX_BYTES, suiteFileNameProblem, suiteSourcesSchema } from './contract-suite';

describe('suite sources', () => {
  it('takes import paths as names and refuses what could reach outside the run', () => {
    for (const ok of ['Vault.sol', 'src/Vault.sol', 'test/Vault.t.sol', 'a-b_c/D.e.sol']) expect(suiteFileNameProblem(ok)).toBeNull();
    for (const bad of ['/etc/x.sol', '../x.sol', 'a/../x.sol', 'forge-std/Test.sol', '@openzeppelin/contracts/x.sol', 'Vault.txt', 'a b.sol', './x.sol', '']) {
      expect(suiteFileNameProblem(bad)).not.toBeNull();
    }
  });

  it('refuses two files of one name, an empty suite, and a file or a whole over its limit', () => {
    const file = (name: string, content = 'contract A {}') => ({ name, content });
    expect(suiteSourcesSchema.safeParse([file('A.sol'), file('B.sol')]).success).toBe(true);
    expect(suiteSourcesSchema.safeParse([file('A.sol'), file('A.sol')]).error?.issues[0]?.message).toBe('Two files are named A.sol.');
    expect(suiteSourcesSchema.safeParse([]).success).toBe(false);
    expect(suiteSourcesSchema.safeParse([file('A.sol', '  ')]).success).toBe(false);
    expect(suiteSourcesSchema.safeParse([file('A.sol', 'x'.repeat(SUITE_FILE_MAX_BYTES + 1))]).success).toBe(false);
    const big = 'x'.repeat(SUITE_FILE_MAX_BYTES);
    expect(suiteSourcesSchema.safeParse(['A', 'B', 'C', 'D'].map((n) => file(`${n}.sol`, big))).success).toBe(true);
    expect(suiteSourcesSchema.safeParse(['A', 'B', 'C', 'D', 'E'].map((n) => file(`${n}.sol`, big))).error?.issues[0]?.message).toMatch(/at most 256 KiB/);
  });
});
