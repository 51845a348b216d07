import { describe, expect, it } from 'vitest';
import { SUITE_FILE_MAX_BYTES, SUITE_MAX_FILES } from '@starforge/contracts/rewards';
import { requestProblem, type EngineRequest } from './request';

const base: EngineRequest = { source: '', network: 'ethereum', testType: 'smart_contract' };
const file = (name: string, content = 'contract A {}') => ({ name, content });

describe('requestProblem with a suite’s sources', () => {
  it('takes a suite in place of the one source', () => {
    expect(requestProblem({ ...base, sources: [file('src/A.sol'), file('test/A.t.sol')] })).toBeNull();
    expect(requestProblem(base)).toBe("Paste a contract's Solidity source.");
  });

  it('names what is wrong with the files, in the schema’s words', () => {
    expect(requestProblem({ ...base, sources: [] })).toBe('Add at least one Solidity file.');
    expect(requestProblem({ ...base, sources: [file('A.sol'), file('A.sol')] })).toBe('Two files are named A.sol.');
    expect(requestProblem({ ...base, sources: [file('../A.sol')] })).toMatch(/^A file name is a path ending in \.sol/);
    expect(requestProblem({ ...base, sources: [file('forge-std/Test.sol')] })).toMatch(/^A file name is a path ending in \.sol/);
    expect(requestProblem({ ...base, sources: [file('A.sol', 'x'.repeat(SUITE_FILE_MAX_BYTES + 1))] })).toBe('A file may hold at most 64 KiB.');
    expect(requestProblem({ ...base, sources: Array.from({ length: SUITE_MAX_FILES + 1 }, (_, i) => file(`F${i}.sol`)) })).toBe(
      'A run takes at most 16 files.',
    );
    expect(requestProblem({ ...base, sources: Array.from({ length: 5 }, (_, i) => file(`F${i}.sol`, 'x'.repeat(60 * 1024))) })).toMatch(
      /^The files hold 300\.0 KiB together; a run takes at most 256 KiB\.$/,
    );
  });

  it('still checks the transaction’s call for a suite', () => {
    expect(requestProblem({ ...base, testType: 'transaction', sources: [file('A.sol')] })).toBe('Name the function to call for a transaction test.');
  });
});
