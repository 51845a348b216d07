import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createSql, type Sql } from '../db';
import { createRouter, createServiceApp } from '../create-app';

/** A service on a real socket, answering the client address the kit derived. */
const listen = async (sql: Sql, trustedProxies: string[]) => {
  const app = createServiceApp('rewards', sql, { http: { publicOrigin: 'http://localhost:3000', trustedProxies: new Set(trustedProxies) } });
  app.route(
    '/',
    createRouter().get('/whoami', (c) => c.json({ ip: c.var.clientIp })),
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const whoami = async (forwardedFor?: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/rewards/whoami`, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    return ((await res.json()) as { ip: string }).ip;
  };
  return { whoami, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

describe('the client address', () => {
  let sql: Sql;
  beforeAll(() => {
    sql = createSql(inject('databaseUrl'), { max: 1 });
  });
  afterAll(() => sql.end());

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const service = await listen(sql, []);
    try {
      expect(await service.whoami()).toBe('127.0.0.1');
      expect(await service.whoami('203.0.113.9')).toBe('127.0.0.1');
    } finally {
      await service.close();
    }
  });

  it('believes a trusted proxy: the rightmost entry that is not itself a trusted proxy', async () => {
    const service = await listen(sql, ['127.0.0.1', '10.0.0.2']);
    try {
      expect(await service.whoami('203.0.113.9')).toBe('203.0.113.9');
      // A client's own X-Forwarded-For is kept in front by the proxy: its invention is not believed.
      expect(await service.whoami('6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
      expect(await service.whoami('6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
      expect(await service.whoami('::ffff:198.51.100.7')).toBe('198.51.100.7');
      expect(await service.whoami()).toBe('127.0.0.1');
    } finally {
      await service.close();
    }
  });
});
