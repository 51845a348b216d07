import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, errorOf, newWallet, signUp, testApp, testConfig, uniqueEmail, useAuthTestApp, walletChallenge, walletProof } from '../testing/harness';

describe('sign-in, sign-up and challenge rate limits', () => {
  const limits = { windowSeconds: 3_600, perAccount: 3, perIp: 5, accountCeiling: 6, accountCeilingWindowSeconds: 3_600, noncesPerIp: 4 };
  const app = useAuthTestApp({ config: testConfig({ rateLimit: limits }) });

  // An hour-long window, so a test never sees one pass; each test comes from its own
  // addresses, so the tests (and other files) do not share a bucket.
  const fromIp = () => ({ 'x-forwarded-for': `client-${randomUUID()}` });
  const signInAttempt = (email: string, headers: Record<string, string>, password = 'wrong horse') =>
    call(app, 'POST', '/token?grant_type=password', { body: { email, password }, headers });
  // The windows here are an hour long, so the wait is said in minutes (errors.test.ts has the words).
  const tooMany = {
    status: 429,
    code: 'over_request_rate_limit',
    message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes and try again\.$/),
  };

  it('limits guesses at an account from one address, and the owner elsewhere still signs in', async () => {
    const { email } = await signUp(testApp(app.sql), uniqueEmail('owner'));
    const stranger = fromIp();
    for (let i = 0; i < 3; i++) expect((await signInAttempt(email, stranger)).status).toBe(400);
    const refused = await signInAttempt(email, stranger, 'correct horse');
    expect(errorOf(refused)).toEqual(tooMany);
    const retryAfter = Number(refused.headers.get('retry-after'));
    // The rest of this hour, then until three attempts weigh in at no more than two: 4,800 s.
    expect(retryAfter).toBeGreaterThanOrEqual(4_790);
    expect(retryAfter).toBeLessThanOrEqual(4_800);
    expect(errorOf(refused).message).toBe('Too many attempts. Please wait 80 minutes and try again.');
    // The real owner, from their own address, is not shut out.
    expect((await signInAttempt(email, fromIp(), 'correct horse')).status).toBe(200);
  });

  it('keeps a slower ceiling per account across addresses', async () => {
    const email = uniqueEmail('spread');
    for (let i = 0; i < 6; i++) expect((await signInAttempt(email, fromIp())).status).toBe(400);
    expect(errorOf(await signInAttempt(email, fromIp()))).toEqual(tooMany);
    expect((await signInAttempt(uniqueEmail('other'), fromIp())).status).toBe(400);
  });

  it('limits attempts per client address across accounts', async () => {
    const ip = fromIp();
    for (let i = 0; i < 5; i++) expect((await signInAttempt(uniqueEmail('spray'), ip)).status).toBe(400);
    expect(errorOf(await signInAttempt(uniqueEmail('spray'), ip))).toEqual(tooMany);
    expect((await signInAttempt(uniqueEmail('spray'), fromIp())).status).toBe(400);
  });

  it('lets the right password in once the window has slid far enough', async () => {
    const { email } = await signUp(testApp(app.sql), uniqueEmail('patient'));
    const ip = fromIp();
    for (let i = 0; i < 3; i++) await signInAttempt(email, ip);
    expect(errorOf(await signInAttempt(email, ip, 'correct horse'))).toEqual(tooMany);
    // The three attempts now lie 119 minutes back: one full window ago and almost out of the sliding one.
    await app.sql`update rate_limits set window_start = now() - interval '119 minutes' where key like ${`sign_in:account_ip:${email}:%`}`;
    expect((await signInAttempt(email, ip, 'correct horse')).status).toBe(200);
  });

  it('limits sign-up per address', async () => {
    const ip = fromIp();
    const attempt = () =>
      call(app, 'POST', '/signup', { body: { email: uniqueEmail('bulk'), password: 'secret1', data: { first_name: 'A', last_name: 'B' } }, headers: ip });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(200);
    expect(errorOf(await attempt())).toEqual(tooMany);
  });

  it('limits wallet sign-in per wallet and address, counting only attempts with a valid signature', async () => {
    const wallet = newWallet();
    const ip = fromIp();
    // Strangers' zero-byte "signatures" need no key and must not count against the wallet.
    for (let i = 0; i < 4; i++) {
      const stranger = fromIp();
      const { message } = await walletChallenge(app, wallet.address, 'sign_in', stranger);
      const forged = await call(app, 'POST', '/token?grant_type=wallet', {
        body: { address: wallet.address, message, signature: Buffer.alloc(64).toString('base64') },
        headers: stranger,
      });
      expect(forged.status).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      expect((await call(app, 'POST', '/token?grant_type=wallet', { body: await walletProof(app, wallet, 'sign_in', ip), headers: ip })).status).toBe(200);
    }
    expect(errorOf(await call(app, 'POST', '/token?grant_type=wallet', { body: await walletProof(app, wallet, 'sign_in', ip), headers: ip }))).toEqual(tooMany);
    const elsewhere = fromIp();
    expect(
      (await call(app, 'POST', '/token?grant_type=wallet', { body: await walletProof(app, wallet, 'sign_in', elsewhere), headers: elsewhere })).status,
    ).toBe(200);
  });

  it('limits wallet challenges per address, and spent or expired challenges are deleted', async () => {
    const ip = fromIp();
    const ask = () => call(app, 'POST', '/wallet/nonce', { body: { address: newWallet().address }, headers: ip });
    for (let i = 0; i < 4; i++) expect((await ask()).status).toBe(200);
    expect(errorOf(await ask())).toEqual(tooMany);

    const wallet = newWallet();
    const own = fromIp();
    const proof = await walletProof(app, wallet, 'sign_in', own);
    const nonceOf = (message: string) => /^Nonce: (\w+)$/m.exec(message)?.[1] ?? '';
    expect((await call(app, 'POST', '/token?grant_type=wallet', { body: proof, headers: own })).status).toBe(200);
    expect(await app.sql`select 1 from wallet_nonces where nonce = ${nonceOf(proof.message)}`).toHaveLength(0);
    const stale = await walletChallenge(app, wallet.address, 'sign_in', own);
    await app.sql`update wallet_nonces set expires_at = now() - interval '1 second' where nonce = ${stale.nonce}`;
    await walletChallenge(app, wallet.address, 'sign_in', own);
    expect(await app.sql`select 1 from wallet_nonces where nonce = ${stale.nonce}`).toHaveLength(0);
  });
});
