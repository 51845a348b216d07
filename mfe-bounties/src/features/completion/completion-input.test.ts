import { describe, expect, it } from 'vitest';
import { completionInput } from './completion-input';

describe('the proof form', () => {
  it('needs proof that is not blank', () => {
    for (const proof of ['', '   ', '\n\t'])
      expect(completionInput({ completion_proof: proof, completion_url: '' })).toEqual({
        ok: false,
        message: 'Please provide completion proof',
        field: 'completion_proof',
      });
  });

  it('takes no URL, or an http or https one, trimmed', () => {
    expect(completionInput({ completion_proof: 'Steps to reproduce', completion_url: '' })).toEqual({
      ok: true,
      body: { completion_proof: 'Steps to reproduce', completion_url: '' },
    });
    expect(completionInput({ completion_proof: 'Steps', completion_url: '   ' })).toMatchObject({ ok: true, body: { completion_url: '' } });
    expect(completionInput({ completion_proof: 'Steps', completion_url: ' https://github.com/acme/vault/pull/7 ' })).toMatchObject({
      ok: true,
      body: { completion_url: 'https://github.com/acme/vault/pull/7' },
    });
    expect(completionInput({ completion_proof: 'Steps', completion_url: 'http://localhost:8080/poc' }).ok).toBe(true);
  });

  it('refuses any other URL with the URL’s own message', () => {
    for (const url of ['javascript:alert(1)', 'ftp://files.example.com/poc', 'example.com/poc', 'not a url'])
      expect(completionInput({ completion_proof: 'Steps', completion_url: url })).toEqual({
        ok: false,
        message: 'Please enter a valid http or https URL',
        field: 'completion_url',
      });
  });

  it('speaks of the proof first when both are wrong', () => {
    expect(completionInput({ completion_proof: ' ', completion_url: 'ftp://x' })).toMatchObject({ ok: false, field: 'completion_proof' });
  });
});

describe('the proof test file (issue 28)', () => {
  const fields = { completion_proof: 'The vault pays twice on reentry', completion_url: '' };
  const test = { name: 'Proof.t.sol', content: 'import "Vault.sol";\ncontract ProofTest { function testDrain() public {} }\n' };

  it('sends the written file with its trimmed name', () => {
    expect(completionInput(fields, { ...test, name: '  Proof.t.sol ' })).toEqual({
      ok: true,
      body: { ...fields, proof_test: test },
    });
  });

  it('sends no test when none is offered or the file is left empty', () => {
    for (const offered of [null, { name: 'Proof.t.sol', content: '  \n' }]) {
      const input = completionInput(fields, offered);
      expect(input.ok && 'proof_test' in input.body).toBe(false);
    }
  });

  it('refuses a file name the engine does not take, on the name field', () => {
    for (const name of ['', 'Proof.txt', '../Proof.sol', 'forge-std/Test.sol'])
      expect(completionInput(fields, { ...test, name })).toMatchObject({
        ok: false,
        field: 'proof_test_name',
        message: expect.stringContaining('A file name is a path ending in .sol'),
      });
  });

  it('still speaks of the written proof first', () => {
    expect(completionInput({ ...fields, completion_proof: ' ' }, { ...test, name: 'bad' })).toMatchObject({ ok: false, field: 'completion_proof' });
  });
});
