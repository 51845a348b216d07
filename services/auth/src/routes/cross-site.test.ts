import { describe, expect, it } from 'vitest';
import { errorOf, signUp, testApp, useAuthTestApp } from '../testing/harness';

// Login CSRF: a form on another site posting the attacker's credentials must not sign the
// visitor in. The auth app is built with the product's origin, as the launcher configures it.
describe('cross-site and non-JSON requests', () => {
  const app = useAuthTestApp();
  const origin = 'http://localhost:3000';
  const raw = (path: string, body: string, headers: Record<string, string>) =>
    testApp(app.sql).app.request(`/api/auth${path}`, { method: 'POST', body, headers });
  const answer = async (res: Response) => ({ cookie: res.headers.get('set-cookie'), ...errorOf({ status: res.status, body: await res.json() }) });

  it('refuses a text/plain sign-in, from another site or not, without a session cookie', async () => {
    const { email } = await signUp(app);
    const body = JSON.stringify({ email, password: 'correct horse' });
    const foreign = await answer(await raw('/token?grant_type=password', body, { 'content-type': 'text/plain', origin: 'https://evil.example' }));
    expect(foreign).toMatchObject({ status: 403, code: 'forbidden', cookie: null });
    const plain = await answer(await raw('/token?grant_type=password', body, { 'content-type': 'text/plain', origin }));
    expect(plain).toMatchObject({ status: 415, code: 'unsupported_media_type', cookie: null });
    const json = await raw('/token?grant_type=password', body, { 'content-type': 'application/json', origin });
    expect(json.status).toBe(200);
  });

  it('refuses JSON from a foreign origin too, on every write', async () => {
    const { session } = await signUp(app);
    const headers = { 'content-type': 'application/json', origin: 'https://evil.example', authorization: `Bearer ${session.access_token}` };
    for (const path of ['/signup', '/wallet/nonce', '/logout', '/user/wallets']) {
      expect((await raw(path, '{}', headers)).status, path).toBe(403);
    }
  });
});
