import { describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_TTL_SECONDS, REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from '@starforge/contracts/auth';
import { call, errorOf, sessionOf, setCookieLine, sha256, signUp, testApp, testConfig, uniqueEmail, useAuthTestApp } from '../testing/harness';

describe('POST /token?grant_type=password', () => {
  const app = useAuthTestApp();

  it('answers a session whose access token is an EdDSA JWT the JWKS verifies', async () => {
    const { email, userId } = await signUp(app);
    const before = Math.floor(Date.now() / 1000);
    const result = await call(app, 'POST', '/token?grant_type=password', { body: { email: ` ${email.toUpperCase()} `, password: 'correct horse' } });
    const session = sessionOf(result);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, user: { id: userId, email } });
    expect(session.expires_at).toBeGreaterThanOrEqual(before + ACCESS_TOKEN_TTL_SECONDS);
    expect(session.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS);

    const jwks = (await call(app, 'GET', '/.well-known/jwks.json')).body as { keys: { kid: string }[] };
    const header = decodeProtectedHeader(session.access_token);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'JWT' });
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
    const { payload } = await jwtVerify(session.access_token, createLocalJWKSet(jwks as never), {
      audience: ACCESS_TOKEN_AUDIENCE,
      issuer: ACCESS_TOKEN_ISSUER,
    });
    expect(payload).toMatchObject({ sub: userId, email, role: 'authenticated', exp: session.expires_at });
    const [stored] = await app.sql`select user_id from sessions where id = ${payload.sid as string} and revoked_at is null`;
    expect(stored?.userId).toBe(userId);
  });

  it('sets the refresh token only as an httpOnly cookie, and keeps only its hash', async () => {
    const { email } = await signUp(app);
    const result = await call(app, 'POST', '/token?grant_type=password', { body: { email, password: 'correct horse' } });
    expect(JSON.stringify(result.body)).not.toContain(result.refresh);
    const line = setCookieLine(result, REFRESH_COOKIE);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Path=/api/auth');
    expect(line).toContain(`Max-Age=${REFRESH_TOKEN_TTL_SECONDS}`);
    expect(result.setCookie).not.toContain('Secure');
    const stored = await app.sql`select 1 from refresh_tokens where token_hash = ${sha256(result.refresh ?? '')}`;
    expect(stored).toHaveLength(1);

    // Secure follows the configured origin, not a header a client could send.
    const spoofed = await call(app, 'POST', '/token?grant_type=password', {
      body: { email, password: 'correct horse' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.setCookie).not.toContain('Secure');
    const overTls = testApp(app.sql, { config: testConfig({ publicOrigin: 'https://starforge.example' }) });
    const behindHttps = await call(overTls, 'POST', '/token?grant_type=password', {
      body: { email, password: 'correct horse' },
      headers: { origin: 'https://starforge.example' },
    });
    expect(behindHttps.setCookie).toContain('Secure');
  });

  it('answers a wrong password and an unknown e-mail alike with invalid_credentials', async () => {
    const { email } = await signUp(app);
    const wrong = await call(app, 'POST', '/token?grant_type=password', { body: { email, password: 'wrong horse' } });
    const unknown = await call(app, 'POST', '/token?grant_type=password', { body: { email: uniqueEmail('nobody'), password: 'wrong horse' } });
    for (const result of [wrong, unknown]) {
      expect(errorOf(result)).toEqual({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
      expect(result.setCookie).toBeNull();
    }
  });

  it('does not sign in to a wallet account by its derived e-mail', async () => {
    const [user] = await app.sql<{ id: string }[]>`
      insert into users (email, user_metadata) values ('zz9xy8wv@wallet.starforge.app', '{}') returning id`;
    const result = await call(app, 'POST', '/token?grant_type=password', { body: { email: 'zz9xy8wv@wallet.starforge.app', password: 'zz9xy8wv' } });
    expect(errorOf(result).code).toBe('invalid_credentials');
    await app.sql`delete from users where id = ${user?.id ?? ''}`;
  });

  it('validates the body for the grant and the grant type itself', async () => {
    expect(errorOf(await call(app, 'POST', '/token?grant_type=password', { body: { email: 'x@example.com' } }))).toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    expect(errorOf(await call(app, 'POST', '/token?grant_type=password'))).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(errorOf(await call(app, 'POST', '/token?grant_type=magic', { body: {} }))).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
