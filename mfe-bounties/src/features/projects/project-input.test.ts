import { describe, expect, it } from 'vitest';
import { emptyProject, projectInput } from './project-input';

describe('projectInput', () => {
  it('sends a named project with the defaults: a smart contract, budget $0', () => {
    expect(projectInput({ ...emptyProject, name: 'Vault audit' })).toEqual({
      ok: true,
      body: { name: 'Vault audit', project_type: 'smart_contract', budget: '0', description: '' },
    });
  });

  it('asks for a name, blank or empty', () => {
    for (const name of ['', '   '])
      expect(projectInput({ ...emptyProject, name })).toEqual({ ok: false, message: 'Please enter a project name', field: 'name' });
  });

  it('takes a budget of $0 or more in cents, and nothing else', () => {
    expect(projectInput({ ...emptyProject, name: 'A', budget: '1250.5' })).toMatchObject({ ok: true });
    for (const budget of ['', '-1', '1.234', 'abc']) {
      expect(projectInput({ ...emptyProject, name: 'A', budget })).toEqual({ ok: false, message: 'Please enter a valid budget', field: 'budget' });
    }
  });

  it('names the field of a text too long', () => {
    expect(projectInput({ ...emptyProject, name: 'A', description: 'x'.repeat(2001) })).toMatchObject({ ok: false, field: 'description' });
  });
});
