import { describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { signingKeyStore } from '../domain/signing-keys';
import { call, errorOf, signIn, signUp, type SignedIn, useAuthTestApp } from '../testing/harness';

describe('POST /logout', () => {
  const app = useAuthTestApp();

  /** One account signed in on three devices. */
  const threeDevices = async (): Promise<SignedIn[]> => {
    const first = await signUp(app);
    return [first, await signIn(app, first.email), await signIn(app, first.email)];
  };
  const logout = (scope: string, device: Pick<SignedIn, 'session' | 'refresh'> | null, token = device?.session.access_token) =>
    call(app, 'POST', `/logout?scope=${scope}`, { token: token ?? null, refresh: device?.refresh ?? null });
  const isLive = async (device: SignedIn) => (await call(app, 'GET', '/user', { token: device.session.access_token })).status === 200;

  it('global signs out every session of the user and clears the cookie', async () => {
    const devices = await threeDevices();
    const result = await logout('global', devices[0] ?? null);
    expect(result.status).toBe(204);
    expect(result.refresh).toBe('');
    for (const device of devices) expect(await isLive(device)).toBe(false);
    const refreshed = await call(app, 'POST', '/token?grant_type=refresh_token', { refresh: devices[2]?.refresh ?? null });
    expect(errorOf(refreshed).code).toBe('session_not_found');
  });

  it('defaults to global', async () => {
    const [a, b] = await threeDevices();
    expect((await call(app, 'POST', '/logout', { token: a?.session.access_token ?? null })).status).toBe(204);
    expect(await isLive(b as SignedIn)).toBe(false);
  });

  it('announces each ended session to its user’s live streams, in the sign-out’s transaction', async () => {
    const [a, b, c] = (await threeDevices()) as [SignedIn, SignedIn, SignedIn];
    const ended = async () =>
      (
        await app.sql<{ sessionId: string }[]>`
        select data->>'sessionId' as session_id from events.events
        where user_id = ${a.userId} and type = 'session.ended'`
      )
        .map((r) => r.sessionId)
        .sort();
    const sessionOf = (device: SignedIn) => String(decodeJwt(device.session.access_token).sid);
    expect((await logout('others', a)).status).toBe(204);
    expect(await ended()).toEqual([sessionOf(b), sessionOf(c)].sort());
    expect((await logout('local', a)).status).toBe(204);
    expect(await ended()).toEqual([sessionOf(a), sessionOf(b), sessionOf(c)].sort());
  });

  it('local signs out only this session', async () => {
    const [a, b, c] = (await threeDevices()) as [SignedIn, SignedIn, SignedIn];
    const result = await logout('local', a);
    expect(result.status).toBe(204);
    expect(result.refresh).toBe('');
    expect([await isLive(a), await isLive(b), await isLive(c)]).toEqual([false, true, true]);
  });

  it('others signs out every other session and keeps the cookie', async () => {
    const [a, b, c] = (await threeDevices()) as [SignedIn, SignedIn, SignedIn];
    const result = await logout('others', a);
    expect(result.status).toBe(204);
    expect(result.refresh).toBeUndefined();
    expect([await isLive(a), await isLive(b), await isLive(c)]).toEqual([true, false, false]);
  });

  it('local without a token answers 204 and clears the cookie; with only the cookie it ends that session', async () => {
    const nothing = await call(app, 'POST', '/logout?scope=local');
    expect(nothing.status).toBe(204);
    expect(nothing.refresh).toBe('');

    const device = await signUp(app);
    expect((await logout('local', device, '')).status).toBe(204);
    expect(await isLive(device)).toBe(false);
  });

  it('accepts an expired access token, so a tab that slept still signs out', async () => {
    const device = await signUp(app);
    const claims = decodeJwt(device.session.access_token);
    const { privateKey, kid } = await signingKeyStore(app.sql, null)();
    const expired = await new SignJWT({ sid: claims.sid, email: claims.email, role: 'authenticated' })
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setSubject(device.userId)
      .setAudience('starforge')
      .setIssuer('starforge-auth')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3_600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1_800)
      .sign(privateKey);
    expect((await logout('global', { session: device.session, refresh: '' }, expired)).status).toBe(204);
    expect(await isLive(device)).toBe(false);
  });

  it('refuses a malformed token with invalid_jwt', async () => {
    const result = await call(app, 'POST', '/logout?scope=local', { token: 'not-a-jwt' });
    expect(errorOf(result)).toMatchObject({ status: 401, code: 'invalid_jwt' });
    expect(result.refresh).toBe('');
  });

  it('global and others need a session to act on', async () => {
    expect(errorOf(await call(app, 'POST', '/logout?scope=global'))).toMatchObject({ status: 401, code: 'session_not_found' });
    expect(errorOf(await call(app, 'POST', '/logout?scope=others'))).toMatchObject({ status: 401, code: 'session_not_found' });
    expect(errorOf(await call(app, 'POST', '/logout?scope=everyone'))).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
