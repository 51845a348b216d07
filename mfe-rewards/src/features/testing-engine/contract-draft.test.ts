import { describe, expect, it } from 'vitest';
import { contractOfDraft, draftOfRun, emptyContractDraft, rerunOf, withFiles } from './contract-draft';

const vault = { name: 'src/Vault.sol', content: 'contract Vault {}' };
const vaultTest = { name: 'test/Vault.t.sol', content: 'contract VaultTest {}' };

describe('the contract draft', () => {
  it('sends one file as source (the first generation’s way) until it has a second, then as named sources', () => {
    const one = withFiles(emptyContractDraft, [{ name: 'Contract.sol', content: 'contract A {}' }], 0);
    expect(contractOfDraft(one, 'smart_contract')).toEqual({ source: 'contract A {}' });
    const two = withFiles(one, [...one.files, vault], 1);
    expect(two.suite).toBe(true);
    expect(contractOfDraft(two, 'smart_contract')).toEqual({ sources: [{ name: 'Contract.sol', content: 'contract A {}' }, vault] });
    // Back to one file, still a suite: its file's name is its import path.
    expect(contractOfDraft(withFiles(two, [vault], 0), 'security_audit')).toEqual({ sources: [vault] });
  });

  it('carries the call for a transaction test only', () => {
    const draft = { ...withFiles(emptyContractDraft, [vault], 0), functionName: ' transfer ', args: '0xdead, 250' };
    expect(contractOfDraft(draft, 'transaction')).toEqual({ source: vault.content, call: { function: 'transfer', args: ['0xdead', '250'] } });
    expect(contractOfDraft(draft, 'smart_contract')).toEqual({ source: vault.content });
  });

  it('loads a run’s files back, a suite as its tabs and a one-file run as one tab', () => {
    expect(draftOfRun({ sources: [vault, vaultTest], call: null })).toEqual({ files: [vault, vaultTest], active: 0, suite: true, functionName: '', args: '' });
    expect(draftOfRun({ source: 'contract A {}', call: { function: 'f', args: ['1', '2'] } })).toEqual({
      files: [{ name: 'Contract.sol', content: 'contract A {}' }],
      active: 0,
      suite: false,
      functionName: 'f',
      args: '1, 2',
    });
  });

  it('reads a rerun from the router’s state, and nothing from any other state', () => {
    const rerun = { network: 'ethereum', testType: 'smart_contract', contract: { sources: [vault], call: null } } as const;
    expect(rerunOf({ rerun })).toEqual(rerun);
    expect(rerunOf(null)).toBeNull();
    expect(rerunOf({ other: 1 })).toBeNull();
  });
});
