import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@starforge/contracts';
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
  it('shows the saved profile, nulls as empty', () => {
    const profile = { id: user.id, first_name: 'Grace', last_name: null, wallet_address: ADDRESS, updated_at: null };
    expect(profileFormValues(profile, user)).toEqual({ firstName: 'Grace', lastName: '', walletAddress: ADDRESS });
  });

  it('starts from the sign-up names when there is no profile yet', () => {
    expect(profileFormValues(null, user)).toEqual({ firstName: 'Ada', lastName: 'Lovelace', walletAddress: '' });
  });
});

describe('parseProfileForm', () => {
  it('trims, and saves empty fields as null', () => {
    expect(parseProfileForm({ firstName: '  Ada ', lastName: '', walletAddress: '   ' })).toEqual({
      ok: true,
      update: { first_name: 'Ada', last_name: null, wallet_address: null },
    });
  });

  it('accepts a Solana address', () => {
    expect(parseProfileForm({ firstName: 'A', lastName: 'B', walletAddress: ADDRESS })).toMatchObject({ ok: true, update: { wallet_address: ADDRESS } });
  });

  it('refuses a wallet address that is not one, with the service\u2019s message', () => {
    expect(parseProfileForm({ firstName: '', lastName: '', walletAddress: '0xabc' })).toEqual({ ok: false, message: 'Invalid Solana address' });
  });
});
