import { describe, expect, it } from 'vitest';
import { call, newWallet, signUp, useAuthTestApp, walletChallenge } from '../testing/harness';

describe('response headers', () => {
  const app = useAuthTestApp();

  it('marks every answer that carries a token, or could, no-store; the public keys stay cacheable', async () => {
    const { email, session, refresh } = await signUp(app);
    const answers = {
      signUp: await call(app, 'POST', '/signup', { body: { email: `x${email}`, password: 'secret1', data: { first_name: 'A', last_name: 'B' } } }),
      signIn: await call(app, 'POST', '/token?grant_type=password', { body: { email, password: 'correct horse' } }),
      refresh: await call(app, 'POST', '/token?grant_type=refresh_token', { refresh }),
      refused: await call(app, 'POST', '/token?grant_type=password', { body: { email, password: 'wrong' } }),
      user: await call(app, 'GET', '/user', { token: session.access_token }),
    };
    for (const [name, result] of Object.entries(answers)) expect(result.headers.get('cache-control'), name).toBe('no-store');
    await walletChallenge(app, newWallet().address);
    expect((await call(app, 'POST', '/wallet/nonce', { body: { address: newWallet().address } })).headers.get('cache-control')).toBe('no-store');
    expect((await call(app, 'GET', '/.well-known/jwks.json')).headers.get('cache-control')).toContain('max-age');
  });
});
