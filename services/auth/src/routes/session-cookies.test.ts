import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS, SESSION_HINT_COOKIE } from '@starforge/contracts/auth';
import {
  type AuthCallResult,
  call,
  newWallet,
  setCookieLine,
  sha256,
  signUp,
  testApp,
  testConfig,
  uniqueEmail,
  useAuthTestApp,
  walletSignIn,
} from '../testing/harness';

/** A Set-Cookie line's attributes, by lower-case name ('' for a flag). */
const attributes = (line: string | undefined): Map<string, string> =>
  new Map(
    (line ?? '')
      .split(';')
      .slice(1)
      .map((part) => {
        const [name = '', value = ''] = part.trim().split('=');
        return [name.toLowerCase(), value] as const;
      }),
  );

const expectPairSet = (result: AuthCallResult, { secure = false } = {}) => {
  expect(result.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(result.hint).toBe('1');
  const refresh = attributes(setCookieLine(result, REFRESH_COOKIE));
  const hint = attributes(setCookieLine(result, SESSION_HINT_COOKIE));
  expect(Object.fromEntries(refresh)).toEqual({
    'max-age': String(REFRESH_TOKEN_TTL_SECONDS),
    path: '/api/auth',
    httponly: '',
    samesite: 'Lax',
    ...(secure ? { secure: '' } : {}),
  });
  // The page reads the hint, so it is neither httpOnly nor limited to the auth service's path.
  expect(Object.fromEntries(hint)).toEqual({ 'max-age': String(REFRESH_TOKEN_TTL_SECONDS), path: '/', samesite: 'Lax', ...(secure ? { secure: '' } : {}) });
};

const expectPairCleared = (result: AuthCallResult) => {
  expect(result.refresh).toBe('');
  expect(result.hint).toBe('');
  expect(attributes(setCookieLine(result, REFRESH_COOKIE)).get('path')).toBe('/api/auth');
  expect(attributes(setCookieLine(result, SESSION_HINT_COOKIE)).get('path')).toBe('/');
  for (const name of [REFRESH_COOKIE, SESSION_HINT_COOKIE]) expect(attributes(setCookieLine(result, name)).get('max-age')).toBe('0');
};

describe('the refresh cookie and the session hint', () => {
  const app = useAuthTestApp();
  const refresh = (token: string | null) => call(app, 'POST', '/token?grant_type=refresh_token', { refresh: token });
  const body = (email: string) => ({ email, password: 'correct horse', data: { first_name: 'Ada', last_name: 'Lovelace' } });

  it('are set together by every way into a session: sign-up, password, wallet, refresh', async () => {
    const email = uniqueEmail('hint');
    const signedUp = await call(app, 'POST', '/signup', { body: body(email) });
    expectPairSet(signedUp);
    expectPairSet(await call(app, 'POST', '/token?grant_type=password', { body: { email, password: 'correct horse' } }));
    expectPairSet(await walletSignIn(app, newWallet()));
    expectPairSet(await refresh(signedUp.refresh ?? null));
  });

  it('are both Secure when the product is served over https', async () => {
    const overTls = testApp(app.sql, { config: testConfig({ publicOrigin: 'https://starforge.example' }) });
    const result = await call(overTls, 'POST', '/signup', { body: body(uniqueEmail('tls')), headers: { origin: 'https://starforge.example' } });
    expectPairSet(result, { secure: true });
  });

  it('are left alone by a refused sign-in', async () => {
    const { email } = await signUp(app);
    const result = await call(app, 'POST', '/token?grant_type=password', { body: { email, password: 'wrong horse' } });
    expect(result.status).toBe(400);
    expect(result.refresh).toBeUndefined();
    expect(result.hint).toBeUndefined();
  });

  it('are cleared together by a failed refresh: no cookie, an unknown, an expired or a reused token', async () => {
    expectPairCleared(await refresh(null));
    expectPairCleared(await refresh('A'.repeat(43)));

    const expired = await signUp(app);
    await app.sql`update refresh_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(expired.refresh)}`;
    expectPairCleared(await refresh(expired.refresh));

    const reused = await signUp(app);
    const second = await refresh(reused.refresh);
    expect(second.status).toBe(200);
    expect((await refresh(second.refresh ?? null)).status).toBe(200);
    const refused = await refresh(reused.refresh);
    expect(refused.status).toBe(401);
    expectPairCleared(refused);
  });

  it('are cleared together by signing out here (global, local) and kept by signing out the others', async () => {
    for (const scope of ['global', 'local']) {
      const { session, refresh: token } = await signUp(app);
      const result = await call(app, 'POST', `/logout?scope=${scope}`, { token: session.access_token, refresh: token });
      expect(result.status).toBe(204);
      expectPairCleared(result);
    }
    const { session, refresh: token } = await signUp(app);
    const others = await call(app, 'POST', '/logout?scope=others', { token: session.access_token, refresh: token });
    expect(others.status).toBe(204);
    expect(others.refresh).toBeUndefined();
    expect(others.hint).toBeUndefined();
  });
});
