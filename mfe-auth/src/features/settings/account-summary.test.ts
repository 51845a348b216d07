import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@starforge/contracts/auth';
import { accountSummary, formatMemberSince } from './account-summary';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const user = (over: Partial<AuthUser>): AuthUser => ({
  id: '6f1d2c1e-1f0a-4b8e-9d3c-2a7b5e4c3d21',
  email: 'ada@example.com',
  created_at: '2026-03-05T12:00:00.000Z',
  user_metadata: { first_name: 'Ada', last_name: 'Lovelace' },
  identities: [{ provider: 'email', id: 'ada@example.com', identity_id: 'b5a0c3de-0000-4000-8000-000000000001', created_at: '2026-03-05T12:00:00.000Z' }],
  factors: [],
  ...over,
});

describe('accountSummary', () => {
  it('describes an e-mail account without a wallet', () => {
    expect(accountSummary(user({}), 'en-US')).toEqual({ email: 'ada@example.com', memberSince: 'March 5, 2026', signInMethod: 'email', linkedWallet: null });
  });

  it('describes a wallet-created account', () => {
    const summary = accountSummary(
      user({
        email: `${ADDRESS.slice(0, 8).toLowerCase()}@wallet.starforge.app`,
        user_metadata: { wallet_address: ADDRESS, wallet_type: 'solana' },
        identities: [{ provider: 'solana', id: ADDRESS, identity_id: 'b5a0c3de-0000-4000-8000-000000000002', created_at: '2026-03-05T12:00:00.000Z' }],
      }),
    );
    expect(summary).toMatchObject({ signInMethod: 'solana', linkedWallet: ADDRESS });
  });

  it('shows a wallet linked to an e-mail account, read from its identity', () => {
    const summary = accountSummary(
      user({
        identities: [
          { provider: 'email', id: 'ada@example.com', identity_id: 'b5a0c3de-0000-4000-8000-000000000001', created_at: '2026-03-05T12:00:00.000Z' },
          { provider: 'solana', id: ADDRESS, identity_id: 'b5a0c3de-0000-4000-8000-000000000003', created_at: '2026-03-06T12:00:00.000Z' },
        ],
      }),
    );
    expect(summary).toMatchObject({ signInMethod: 'email', linkedWallet: ADDRESS });
  });

  it('ignores an identity subject that is not an address', () => {
    const summary = accountSummary(
      user({ identities: [{ provider: 'solana', id: 'not-an-address', identity_id: 'b5a0c3de-0000-4000-8000-000000000000', created_at: '' }] }),
    );
    expect(summary).toMatchObject({ signInMethod: 'solana', linkedWallet: null });
  });
});

describe('formatMemberSince', () => {
  it('leaves an unreadable date empty', () => {
    expect(formatMemberSince('not a date')).toBe('');
  });
});
