import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { publishEvent, publishPublicEvent, type Sql } from '@starforge/service-kit';
import { createTestTokens, type TestTokens } from '@starforge/service-kit/auth/test-tokens';
import { testSql } from '@starforge/test-db';
import { createApp } from '../app';
import { EventHub, type EventHubOptions } from '../domain/event-hub';

const migrations = [
  { schema: 'auth', dir: fileURLToPath(new URL('../../../auth/migrations', import.meta.url)) },
  { schema: 'events', dir: fileURLToPath(new URL('../../migrations', import.meta.url)) },
];

export interface EventsTestServer {
  sql: Sql;
  tokens: TestTokens;
  hub: EventHub;
  /** http://127.0.0.1:<port> of the events service, listening for real. */
  url: string;
}

/**
 * The events service on a real port over the test database (auth's schema migrated first,
 * for sessions), with test tokens and a fast heartbeat. Opened before the file's tests and
 * closed after them. `shareTokens` gives a second replica the first one's signing keys.
 */
export const useEventsServer = (hubOptions: EventHubOptions = { heartbeatMs: 200 }, shareTokens?: () => TestTokens): EventsTestServer => {
  const ctx = {} as EventsTestServer;
  let server: ServerType;
  beforeAll(async () => {
    // Its own pool, so its own LISTEN connection: two of these are two replicas.
    ctx.sql = await testSql(migrations, 'events');
    ctx.tokens = shareTokens?.() ?? (await createTestTokens());
    ctx.hub = new EventHub(ctx.sql, hubOptions);
    await ctx.hub.start();
    const app = createApp(ctx.sql, { hub: ctx.hub, keys: ctx.tokens.keys });
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    ctx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await ctx.hub.stop();
    await new Promise((resolve) => server.close(resolve));
    await ctx.sql.end();
  });
  return ctx;
};

/** Publishes, for the user, an event that another of their sessions ended (any registered type would do). */
export const publishFor = (db: Parameters<typeof publishEvent>[0], userId: string, sessionId: string = randomUUID()) =>
  publishEvent(db, { userId, type: 'session.ended', data: { sessionId } });

/** Publishes a public event (every open stream receives it): a bounty with a fresh id was claimed. */
export const publishPublic = (db: Parameters<typeof publishPublicEvent>[0], bountyId: string = randomUUID()) =>
  publishPublicEvent(db, { type: 'bounties.bounty_changed', data: { bountyId, status: 'claimed' } });
