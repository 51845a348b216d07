import { describe, expect, it } from 'vitest';
import { invalidTextMessage } from '@starforge/contracts/shared';
import { call, errorOf, newWallet, signUp, uniqueEmail, useAuthTestApp, walletProof } from './testing/harness';

// Text PostgreSQL cannot hold (NUL) or that is not Unicode (a lone surrogate, which would be
// stored as U+FFFD) is refused with a 400 at every text input, never a 500 or a silent change.
describe('text inputs', () => {
  const app = useAuthTestApp();
  const refused = { status: 400, code: 'validation_failed', message: invalidTextMessage };
  const bad = ['Ada\u0000', 'Ada\uD800', '\uDC00Ada'];

  it('refuses them in sign-up names and e-mail', async () => {
    for (const name of bad) {
      const result = await call(app, 'POST', '/signup', {
        body: { email: uniqueEmail('text'), password: 'secret1', data: { first_name: name, last_name: 'L' } },
      });
      expect(errorOf(result), JSON.stringify(name)).toEqual(refused);
    }
    const email = await call(app, 'POST', '/signup', {
      body: { email: `a\u0000${uniqueEmail()}`, password: 'secret1', data: { first_name: 'A', last_name: 'L' } },
    });
    expect(errorOf(email)).toEqual(refused);
  });

  it('refuses them in the profile, and saves nothing', async () => {
    const { session, userId } = await signUp(app);
    for (const name of bad) {
      const result = await call(app, 'PUT', '/profile', { token: session.access_token, body: { first_name: name } });
      expect(errorOf(result), JSON.stringify(name)).toEqual(refused);
    }
    const [row] = await app.sql`select first_name from profiles where id = ${userId}`;
    expect(row?.firstName).toBe('Ada');
  });

  it('refuses them in a signed wallet message, for sign-in and for linking', async () => {
    const wallet = newWallet();
    for (const purpose of ['sign_in', 'link'] as const) {
      const proof = await walletProof(app, wallet, purpose);
      for (const message of [`${proof.message}\u0000`, `${proof.message}\uD800`]) {
        const body = { ...proof, message, signature: wallet.sign(message) };
        if (purpose === 'sign_in') expect(errorOf(await call(app, 'POST', '/token?grant_type=wallet', { body }))).toEqual(refused);
        const { session } = await signUp(app);
        if (purpose === 'link') expect(errorOf(await call(app, 'POST', '/user/wallets', { token: session.access_token, body }))).toEqual(refused);
      }
    }
  });

  it('refuses them in a password', async () => {
    const result = await call(app, 'POST', '/token?grant_type=password', { body: { email: uniqueEmail(), password: 'pass\uD800word' } });
    expect(errorOf(result)).toEqual(refused);
  });
});
