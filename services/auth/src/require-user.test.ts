import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { requireUser, type AuthEnv, type Sql } from '@starforge/service-kit';
import { createTestTokens } from '@starforge/service-kit/auth/test-tokens';
import { authTestSql, call, signIn, signUp, testApp, type AuthApp, useAuthTestApp } from './testing/harness';

/** Another service, as it would use the shared middleware with the auth service's keys. */
describe('requireUser in another service, against real sessions', () => {
  let sql: Sql;
  let auth: AuthApp;
  let service: Hono<AuthEnv>;
  beforeAll(async () => {
    sql = await authTestSql();
    auth = testApp(sql);
    const jwks = (await call(auth, 'GET', '/.well-known/jwks.json')).body as JSONWebKeySet;
    service = new Hono<AuthEnv>()
      .use(requireUser({ sql, keys: createLocalJWKSet(jwks) }))
      .get('/things', (c) => c.json({ owner: c.var.user.id }))
      .post('/things', (c) => c.json({ owner: c.var.user.id }, 201));
  });
  afterAll(() => sql.end());

  const post = (token: string) => service.request('/things', { method: 'POST', headers: { authorization: `Bearer ${token}` } });

  it('lets a signed-in user write, and refuses the same token once signed out', async () => {
    const { session, userId } = await signUp(auth);
    const ok = await post(session.access_token);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ owner: userId });

    expect((await call(auth, 'POST', '/logout?scope=local', { token: session.access_token })).status).toBe(204);
    const refused = await post(session.access_token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'session_not_found' } });
  });

  it('ends only the signed-out device for a local sign-out', async () => {
    const phone = await signUp(auth);
    const laptop = await signIn(auth, phone.email);
    await call(auth, 'POST', '/logout?scope=local', { token: phone.session.access_token });
    expect((await post(phone.session.access_token)).status).toBe(401);
    expect((await post(laptop.session.access_token)).status).toBe(201);
  });

  it('refuses tokens after a reused refresh token revoked the session', async () => {
    const { session, refresh } = await signUp(auth);
    await call(auth, 'POST', '/token?grant_type=refresh_token', { refresh });
    await sql`update refresh_tokens set rotated_at = now() - interval '1 minute' where rotated_at is not null and session_id = (select id from sessions where user_id = ${session.user.id})`;
    expect((await call(auth, 'POST', '/token?grant_type=refresh_token', { refresh })).status).toBe(401);
    expect((await post(session.access_token)).status).toBe(401);
  });
});

describe('createTestTokens (for other services) against the auth schema', () => {
  const auth = useAuthTestApp();

  it('signs in a user with a live session, and signs it out', async () => {
    const tokens = await createTestTokens();
    const { sql } = auth;
    const app = new Hono<AuthEnv>().use(requireUser({ sql, keys: tokens.keys })).post('/x', (c) => c.json(c.var.user));
    const { user, token } = await tokens.signIn(sql);
    const post = () => app.request('/x', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(await (await post()).json()).toEqual(user);
    await tokens.signOut(sql, user);
    expect((await post()).status).toBe(401);
  });
});
