import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, errorOf, signUp, testApp, testConfig, uniqueEmail, useAuthTestApp } from '../testing/harness';
import { DEVICE_COOKIE } from './device-cookie';

describe('device cookies: the owner gets past the account ceiling that strangers filled', () => {
  // The ceiling (6 an hour from anywhere) is what strangers fill; one address gets 3.
  const limits = { windowSeconds: 3_600, perAccount: 3, perIp: 100, accountCeiling: 6, accountCeilingWindowSeconds: 3_600, noncesPerIp: 100 };
  const app = useAuthTestApp({ config: testConfig({ rateLimit: limits }) });

  const fromIp = () => ({ 'x-forwarded-for': `client-${randomUUID()}` });
  const signInAttempt = (email: string, { device, password = 'wrong horse' }: { device?: string; password?: string } = {}) =>
    call(app, 'POST', '/token?grant_type=password', {
      body: { email, password },
      headers: fromIp(),
      ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
    });
  // The windows here are an hour long, so the wait is said in minutes (errors.test.ts has the words).
  const tooMany = {
    status: 429,
    code: 'over_request_rate_limit',
    message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes and try again\.$/),
  };

  /** A new account, signed in once from its owner's browser: its device cookie. */
  const ownerWithDevice = async () => {
    const { email } = await signUp(testApp(app.sql), uniqueEmail('owner'));
    const signedIn = await signInAttempt(email, { password: 'correct horse' });
    expect(signedIn.status).toBe(200);
    return { email, device: signedIn.cookies[DEVICE_COOKIE] ?? '' };
  };

  /** Strangers, each from an address of their own, guess until the account's ceiling refuses. */
  const fillTheCeiling = async (email: string) => {
    let guesses = 0;
    while (guesses < limits.accountCeiling && (await signInAttempt(email)).status === 400) guesses += 1;
    // Then the ceiling refuses the right password too, from a fresh address.
    expect(errorOf(await signInAttempt(email, { password: 'correct horse' }))).toEqual(tooMany);
    return guesses;
  };

  it('sets a long-lived, signed, httpOnly, SameSite=Strict cookie on sign-in and sign-up, Secure over https', async () => {
    const signedUp = await call(app, 'POST', '/signup', {
      body: { email: uniqueEmail('new'), password: 'correct horse', data: { first_name: 'Ada', last_name: 'Lovelace' } },
    });
    expect(signedUp.cookies[DEVICE_COOKIE]).toMatch(/^[0-9a-f-]{36}\.[\w-]{22}\.[\w-]{43}$/);
    const { email, device } = await ownerWithDevice();
    expect(device.split('.')[0]).toBe((await app.sql`select id from users where email = ${email}`)[0]?.id);
    const [header] = (await signInAttempt(email, { password: 'correct horse' })).headers.getSetCookie().filter((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/api/auth/token');
    expect(header).toContain(`Max-Age=${365 * 24 * 3_600}`);
    expect(header).not.toContain('Secure');
    const overTls = testApp(app.sql, { config: testConfig({ rateLimit: limits, publicOrigin: 'https://starforge.example' }) });
    const behindHttps = await call(overTls, 'POST', '/token?grant_type=password', {
      body: { email, password: 'correct horse' },
      headers: { ...fromIp(), origin: 'https://starforge.example' },
    });
    expect(behindHttps.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toContain('Secure');
  });

  it('lets the owner in from a fresh address with the device cookie once a distributed guesser has filled the ceiling; without it, refused', async () => {
    const { email, device } = await ownerWithDevice();
    // The owner's own sign-in counted too: five strangers' guesses fill the six.
    expect(await fillTheCeiling(email)).toBe(5);

    expect(errorOf(await signInAttempt(email, { password: 'correct horse' }))).toEqual(tooMany);
    const owner = await signInAttempt(email, { device, password: 'correct horse' });
    expect(owner.status).toBe(200);
    // A fresh cookie each time (a new device id, so a new bucket), which works in turn.
    const renewed = owner.cookies[DEVICE_COOKIE];
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(device);
    expect((await signInAttempt(email, { device: renewed ?? '', password: 'correct horse' })).status).toBe(200);
  });

  it('does not let a forged cookie or another account’s cookie past the ceiling', async () => {
    const { email, device } = await ownerWithDevice();
    const other = await ownerWithDevice();
    await fillTheCeiling(email);

    const [userId, deviceId, mac] = device.split('.') as [string, string, string];
    const [, otherDeviceId, otherMac] = other.device.split('.') as [string, string, string];
    const forgeries = [
      other.device,
      `${userId}.${otherDeviceId}.${otherMac}`,
      `${userId}.${deviceId}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      `${userId}.${randomUUID()}.${mac}`,
      `${userId}.${deviceId}`,
      'garbage',
    ];
    for (const forged of forgeries) expect(errorOf(await signInAttempt(email, { device: forged, password: 'correct horse' }))).toEqual(tooMany);
    // The other account's own cookie still works for the other account.
    expect((await signInAttempt(other.email, { device: other.device, password: 'correct horse' })).status).toBe(200);
  });

  it('limits each device cookie on its own: its wrong passwords lock that device out, not the account', async () => {
    const { email, device } = await ownerWithDevice();
    const second = await signInAttempt(email, { password: 'correct horse' });
    const otherBrowser = second.cookies[DEVICE_COOKIE] ?? '';

    // A stolen cookie guesses: three attempts per device, then the right password is refused too.
    for (let i = 0; i < 3; i++) expect((await signInAttempt(email, { device })).status).toBe(400);
    const refused = await signInAttempt(email, { device, password: 'correct horse' });
    expect(errorOf(refused)).toEqual(tooMany);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // Those guesses did not count against the account: two sign-ins so far, so four strangers'
    // guesses are still answered (had the device's four counted, the ceiling would refuse now).
    for (let i = 0; i < 4; i++) expect((await signInAttempt(email)).status).toBe(400);
    expect(errorOf(await signInAttempt(email, { password: 'correct horse' }))).toEqual(tooMany);
    // The owner's other browser has its own bucket and still gets in; the locked device does not.
    expect((await signInAttempt(email, { device: otherBrowser, password: 'correct horse' })).status).toBe(200);
    expect(errorOf(await signInAttempt(email, { device, password: 'correct horse' }))).toEqual(tooMany);
  });
});
