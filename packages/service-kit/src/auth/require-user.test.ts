import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Hono } from 'hono';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createSql, type Sql } from '../db';
import { migrate } from '../migrate';
import { liveSessionsOf } from './live-sessions';
import { remoteKeySet } from './remote-jwks';
import { requireUser, type AuthEnv } from './require-user';
import { createTestTokens } from './test-tokens';

const user = { id: '4f1c1f9e-8a53-4c1e-9a43-2b0f6b0f7a11', email: 'ada@example.com', sessionId: '9d7f1b2e-3c4a-4e5f-8a6b-7c8d9e0f1a2b' };

let sql: Sql;
const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

beforeAll(async () => {
  sql = createSql(inject('databaseUrl'), { max: 6 });
  await migrate(sql, 'auth', dir('../../../../services/auth/migrations'));
  await migrate(sql, 'events', dir('../../../../services/events/migrations'));
});
afterAll(() => sql.end());

/** Polls until `check` holds (2 s at most). */
const eventually = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 40; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met within 2 s');
};

const appWith = (middleware: ReturnType<typeof requireUser>) =>
  new Hono<AuthEnv>()
    .use(middleware)
    .get('/me', (c) => c.json(c.var.user))
    .post('/things', (c) => c.json({ by: c.var.user.id }, 201));

const request = (app: ReturnType<typeof appWith>, method: string, path: string, token?: string) =>
  app.request(path, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('requireUser', () => {
  it('sets c.var.user; a session seen live needs no lookup for reads, while other writes ask the database', async () => {
    const tokens = await createTestTokens();
    const app = appWith(requireUser({ sql, keys: tokens.keys }));
    const { user, token } = await tokens.signIn(sql);
    await liveSessionsOf(sql).ready();

    const me = await request(app, 'GET', '/me', token);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);
    expect(liveSessionsOf(sql).knows(user.sessionId)).toBe(true);
    // Ended quietly (no session.ended): the set still holds it, so reads pass without a lookup...
    await tokens.signOut(sql, user);
    expect((await request(app, 'GET', '/me', token)).status).toBe(200);
    // ...and a write outside an idempotent transaction asks the database at once.
    const write = await request(app, 'POST', '/things', token);
    expect(write.status).toBe(401);
    expect(await write.json()).toEqual({ error: { code: 'session_not_found', message: 'Your session has ended. Please sign in again.' } });
  });

  it('refuses a signed-out session on reads as soon as its session.ended arrives, and at once when not seen live before', async () => {
    const tokens = await createTestTokens();
    const app = appWith(requireUser({ sql, keys: tokens.keys }));
    await liveSessionsOf(sql).ready();
    const { user, token } = await tokens.signIn(sql);
    expect((await request(app, 'GET', '/me', token)).status).toBe(200);
    await tokens.signOut(sql, user, { announce: true });
    await eventually(async () => (await request(app, 'GET', '/me', token)).status === 401);

    const other = await tokens.signIn(sql);
    await tokens.signOut(sql, other.user);
    expect((await request(app, 'GET', '/me', other.token)).status).toBe(401);
  });

  it("with sessionCheck 'always', asks the database on every request", async () => {
    const tokens = await createTestTokens();
    const app = appWith(requireUser({ sql, keys: tokens.keys, sessionCheck: 'always' }));
    const { user, token } = await tokens.signIn(sql);
    expect((await request(app, 'GET', '/me', token)).status).toBe(200);
    await tokens.signOut(sql, user);
    expect((await request(app, 'GET', '/me', token)).status).toBe(401);
  });

  it('forgets every session when LISTEN is established again (what was announced meanwhile is unknown)', async () => {
    const tokens = await createTestTokens();
    const app = appWith(requireUser({ sql, keys: tokens.keys }));
    await liveSessionsOf(sql).ready();
    const { user, token } = await tokens.signIn(sql);
    expect((await request(app, 'GET', '/me', token)).status).toBe(200);
    expect(liveSessionsOf(sql).knows(user.sessionId)).toBe(true);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen %' and pid <> pg_backend_pid() and datname = current_database()`;
    await eventually(async () => !liveSessionsOf(sql).knows(user.sessionId));
    await tokens.signOut(sql, user);
    await eventually(async () => (await request(app, 'GET', '/me', token)).status === 401);
  });

  it('refuses a missing or bad token with invalid_jwt', async () => {
    const tokens = await createTestTokens();
    const app = appWith(requireUser({ sql, keys: tokens.keys }));
    for (const token of [undefined, 'junk', await tokens.sign(user, -5), await (await createTestTokens()).sign(user)]) {
      const res = await request(app, 'GET', '/me', token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_jwt');
    }
  });

  it("fetches the auth service's JWKS in production, and answers 503 when it cannot", async () => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'live', alg: 'EdDSA', use: 'sig' }] });
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/.well-known/jwks.json`;
    try {
      const live = (await (await createTestTokens()).signIn(sql)).user;
      const token = await new SignJWT({ sid: live.sessionId, email: live.email, role: 'authenticated' })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'live' })
        .setSubject(live.id)
        .setAudience('starforge')
        .setIssuer('starforge-auth')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const app = appWith(requireUser({ sql, keys: remoteKeySet(url), sessionCheck: 'always' }));
      expect((await request(app, 'GET', '/me', token)).status).toBe(200);

      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const unreachable = appWith(requireUser({ sql, keys: remoteKeySet(`http://127.0.0.1:${closedPort}/jwks.json`, []) }));
      const res = await request(unreachable, 'GET', '/me', token);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    } finally {
      server.close();
    }
  });
});
