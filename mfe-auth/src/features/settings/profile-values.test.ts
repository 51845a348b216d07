import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@starforge/contracts/auth';
import { parseProfileForm, profileFormValues } from './profile-values';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const user: AuthUser = {
  id: '6f1d2c1e-1f0a-4b8e-9d3c-2a7b5e4c3d21',
  email: 'ada@example.com',
  created_at: '2026-03-05T12:00:00.000Z',
  user_metadata: { first_name: 'Ada', last_name: 'Lovelace' },
  identities: [],
  factors: [],
};

describe('profileFormValues', () => {
  it('starts from the saved profile, a saved null as empty', () => {
    const profile = { id: user.id, first_name: 'Grace', last_name: null, wallet_address: ADDRESS, updated_at: null };
    expect(profileFormValues(profile, user)).toEqual({ firstName: 'Grace', lastName: '' });
  });

  it('starts from the sign-up names when there is no profile yet', () => {
    expect(profileFormValues(null, user)).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
  });
});

describe('parseProfileForm', () => {
  it('trims, and saves empty fields as null', () => {
    expect(parseProfileForm({ firstName: '  Ada ', lastName: '' })).toEqual({ ok: true, update: { first_name: 'Ada', last_name: null } });
  });

  it('refuses text the service would refuse, with its message', () => {
    expect(parseProfileForm({ firstName: 'x'.repeat(101), lastName: '' })).toMatchObject({ ok: false });
    expect(parseProfileForm({ firstName: 'Ada\u0000', lastName: '' })).toEqual({ ok: false, message: 'Text contains characters that are not allowed' });
  });
});
