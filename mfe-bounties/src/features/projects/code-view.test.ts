import { describe, expect, it } from 'vitest';
import { codeInput, findingStateText, holdsCode } from './code-view';

describe('a project’s code under test', () => {
  it('is kept by the creator of a contract project only', () => {
    for (const type of ['smart_contract', 'defi', 'nft', 'dapp'] as const) expect(holdsCode({ is_mine: true, project_type: type })).toBe(true);
    expect(holdsCode({ is_mine: true, project_type: 'other' })).toBe(false);
    expect(holdsCode({ is_mine: false, project_type: 'defi' })).toBe(false);
  });

  it('is saved only as files the engine takes, in the API’s words', () => {
    const vault = { name: 'Vault.sol', content: 'contract Vault {}' };
    expect(codeInput([vault])).toEqual({ ok: true, sources: [vault] });
    expect(codeInput([{ name: 'Vault.sol', content: '  ' }])).toEqual({ ok: false, message: "Paste a contract's Solidity source." });
    expect(codeInput([vault, { ...vault }])).toEqual({ ok: false, message: 'Two files are named Vault.sol.' });
    expect(codeInput([{ ...vault, name: 'Vault.txt' }])).toMatchObject({ ok: false, message: expect.stringContaining('A file name is a path ending in .sol') });
  });
});

describe('a finding after a fix', () => {
  it('says "fixed in version N", "still reproduces", or that it is being checked', () => {
    expect(findingStateText({ state: 'fixed', fixed_in_version: 3, checked_version: 3 })).toBe('fixed in version 3');
    expect(findingStateText({ state: 'still_reproduces', fixed_in_version: null, checked_version: 4 })).toBe('still reproduces');
    expect(findingStateText({ state: 'checking', fixed_in_version: null, checked_version: 4 })).toBe('Checking against version 4…');
    expect(findingStateText({ state: 'checking', fixed_in_version: null, checked_version: null })).toBe('Checking…');
  });
});
