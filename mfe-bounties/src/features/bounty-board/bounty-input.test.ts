import { describe, expect, it } from 'vitest';
import { type BountyFields, bountyInput, emptyBounty } from './bounty-input';

const project = '9b2f7c4e-3d1a-4c8b-a6e5-0f1d2c3b4a59';
const good: BountyFields = { ...emptyBounty(project), title: 'Reentrancy in withdraw()', description: 'Drain the vault twice.', reward: '25.50' };

describe('bountyInput', () => {
  it('sends the bounty as typed, medium by default', () => {
    expect(bountyInput(good, [project])).toEqual({ ok: true, body: { ...good, severity: 'medium' } });
    expect(bountyInput({ ...good, reward: '0' }, [project])).toMatchObject({ ok: true });
  });

  it('asks for every required field while title, description or reward is empty', () => {
    for (const missing of [{ title: '  ' }, { description: '' }]) {
      expect(bountyInput({ ...good, ...missing }, [project])).toEqual({ ok: false, message: 'Please fill in all required fields', field: null });
    }
  });

  it('takes a reward of $0 or more in cents', () => {
    for (const reward of ['', '-1', '0.001', 'ten']) {
      expect(bountyInput({ ...good, reward }, [project])).toEqual({ ok: false, message: 'Please enter a valid reward amount', field: 'reward' });
    }
  });

  it('takes a claim period the form offers, a week by default', () => {
    expect(good.claim_days).toBe(7);
    expect(bountyInput({ ...good, claim_days: 30 }, [project])).toMatchObject({ ok: true, body: { claim_days: 30 } });
    for (const claim_days of [0, 5, Number.NaN]) {
      expect(bountyInput({ ...good, claim_days }, [project])).toEqual({ ok: false, message: 'Please choose a claim period', field: 'claim_days' });
    }
  });

  it('takes only one of the caller’s active projects', () => {
    expect(bountyInput({ ...good, project_id: '' }, [project])).toEqual({
      ok: false,
      message: 'Please choose one of your active projects',
      field: 'project_id',
    });
    expect(bountyInput(good, [])).toEqual({ ok: false, message: 'Please choose one of your active projects', field: 'project_id' });
  });
});
