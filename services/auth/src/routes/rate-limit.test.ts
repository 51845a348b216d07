import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, errorOf, newWallet, signUp, testApp, testConfig, uniqueEmail, walletProof, useAuthTestApp } from '../testing/harness';

describe('sign-in and sign-up rate limits', () => {
  const app = useAuthTestApp({ config: testConfig({ rateLimit: { windowSeconds: 3_600, perAccount: 3, perIp: 5 } }) });

  // An hour-long window, so a run never straddles a window's end; each test comes from its own
  // address, so the tests (and other files) do not share a bucket.
  const fromIp = () => ({ 'x-forwarded-for': `client-${randomUUID()}` });
  const signInAttempt = (email: string, headers: Record<string, string>) =>
    call(app, 'POST', '/token?grant_type=password', { body: { email, password: 'wrong horse' }, headers });
  const tooMany = { status: 429, code: 'over_request_rate_limit', message: 'Too many attempts. Please wait a minute and try again.' };

  it('limits attempts per account, whatever the address', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i++) expect((await signInAttempt(email, fromIp())).status).toBe(400);
    const refused = await signInAttempt(email, fromIp());
    expect(errorOf(refused)).toEqual(tooMany);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    // Another account is not affected.
    expect((await signInAttempt(uniqueEmail('other'), fromIp())).status).toBe(400);
  });

  it('limits attempts per client address across accounts', async () => {
    const ip = fromIp();
    for (let i = 0; i < 5; i++) expect((await signInAttempt(uniqueEmail('spray'), ip)).status).toBe(400);
    expect(errorOf(await signInAttempt(uniqueEmail('spray'), ip))).toEqual(tooMany);
    expect((await signInAttempt(uniqueEmail('spray'), fromIp())).status).toBe(400);
  });

  it('refuses even the right password once over the limit, and lets it in when the window has passed', async () => {
    const { email } = await signUp(testApp(app.sql), uniqueEmail('patient'));
    for (let i = 0; i < 3; i++) await signInAttempt(email, fromIp());
    const right = () => call(app, 'POST', '/token?grant_type=password', { body: { email, password: 'correct horse' }, headers: fromIp() });
    expect(errorOf(await right())).toEqual(tooMany);
    await app.sql`update rate_limits set window_start = window_start - interval '1 hour' where key = ${`sign_in:account:${email}`}`;
    expect((await right()).status).toBe(200);
  });

  it('limits sign-up per address', async () => {
    const ip = fromIp();
    const attempt = () => call(app, 'POST', '/signup', { body: { email: uniqueEmail('bulk'), password: 'secret1', data: { first_name: 'A', last_name: 'B' } }, headers: ip });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(200);
    expect(errorOf(await attempt())).toEqual(tooMany);
  });

  it('limits wallet sign-in per wallet', async () => {
    const wallet = newWallet();
    for (let i = 0; i < 3; i++) {
      const proof = await walletProof(app, wallet);
      expect((await call(app, 'POST', '/token?grant_type=wallet', { body: proof, headers: fromIp() })).status).toBe(200);
    }
    const proof = await walletProof(app, wallet);
    expect(errorOf(await call(app, 'POST', '/token?grant_type=wallet', { body: proof, headers: fromIp() }))).toEqual(tooMany);
  });
});
