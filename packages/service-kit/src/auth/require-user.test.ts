import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { Sql } from '../db';
import { remoteKeySet } from './remote-jwks';
import { requireUser, type AuthEnv } from './require-user';
import { createTestTokens } from './test-tokens';

const user = { id: '4f1c1f9e-8a53-4c1e-9a43-2b0f6b0f7a11', email: 'ada@example.com', sessionId: '9d7f1b2e-3c4a-4e5f-8a6b-7c8d9e0f1a2b' };

/** A stand-in pool that answers the session lookup from a set of live session ids. */
const fakeSql = (live: Set<string>) => {
  const queries: unknown[][] = [];
  const sql = (_strings: TemplateStringsArray, ...values: unknown[]) => {
    queries.push(values);
    return Promise.resolve(live.has(values[0] as string) ? [{ '?column?': 1 }] : []);
  };
  return { sql: sql as unknown as Sql, queries };
};

const appWith = (middleware: ReturnType<typeof requireUser>) =>
  new Hono<AuthEnv>()
    .use(middleware)
    .get('/me', (c) => c.json(c.var.user))
    .post('/things', (c) => c.json({ by: c.var.user.id }, 201));

const request = (app: ReturnType<typeof appWith>, method: string, path: string, token?: string) =>
  app.request(path, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('requireUser', () => {
  it('sets c.var.user and checks the session only for requests that change data', async () => {
    const tokens = await createTestTokens();
    const { sql, queries } = fakeSql(new Set([user.sessionId]));
    const app = appWith(requireUser({ sql, keys: tokens.keys }));
    const token = await tokens.sign(user);

    const me = await request(app, 'GET', '/me', token);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);
    expect(queries).toHaveLength(0);

    expect((await request(app, 'POST', '/things', token)).status).toBe(201);
    expect(queries).toEqual([[user.sessionId, user.id]]);
  });

  it('refuses a signed-out session for writes with session_not_found, and for reads when asked to', async () => {
    const tokens = await createTestTokens();
    const { sql } = fakeSql(new Set());
    const token = await tokens.sign(user);
    const writes = await request(appWith(requireUser({ sql, keys: tokens.keys })), 'POST', '/things', token);
    expect(writes.status).toBe(401);
    expect(await writes.json()).toEqual({ error: { code: 'session_not_found', message: 'Your session has ended. Please sign in again.' } });
    expect((await request(appWith(requireUser({ sql, keys: tokens.keys })), 'GET', '/me', token)).status).toBe(200);
    expect((await request(appWith(requireUser({ sql, keys: tokens.keys, sessionCheck: 'always' })), 'GET', '/me', token)).status).toBe(401);
  });

  it('refuses a missing or bad token with invalid_jwt', async () => {
    const tokens = await createTestTokens();
    const app = appWith(requireUser({ sql: fakeSql(new Set([user.sessionId])).sql, keys: tokens.keys }));
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
      const token = await new SignJWT({ sid: user.sessionId, email: user.email, role: 'authenticated' })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'live' })
        .setSubject(user.id)
        .setAudience('starforge')
        .setIssuer('starforge-auth')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const app = appWith(requireUser({ sql: fakeSql(new Set()).sql, keys: remoteKeySet(url) }));
      expect((await request(app, 'GET', '/me', token)).status).toBe(200);

      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const unreachable = appWith(requireUser({ sql: fakeSql(new Set()).sql, keys: remoteKeySet(`http://127.0.0.1:${closedPort}/jwks.json`) }));
      const res = await request(unreachable, 'GET', '/me', token);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    } finally {
      server.close();
    }
  });
});
