import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { ServiceName } from '@starforge/contracts';
import { createSql, type Sql } from './db';
import { readServiceEnv } from './env';
import { migrate, type KitMigrations } from './migrate';
import { onLauncherExit } from './launcher-exit';
import type { ServiceApp } from './create-app';

interface RunServiceOptions {
  domain: ServiceName;
  migrationsDir: string;
  /** Kit-owned migration sets to apply into the service's schema first (e.g. idempotencyKeyMigrations). */
  kitMigrations?: KitMigrations[];
  createApp: (sql: Sql) => ServiceApp | Promise<ServiceApp>;
  /** Extra work to start after the app (workers, listeners); returns its own stop. */
  startBackground?: (sql: Sql) => Promise<() => Promise<void>>;
}

/**
 * Starts a domain service: migrate its schema, listen, and on SIGTERM/SIGINT stop taking
 * requests, finish the ones in flight, stop background work and close the pool.
 */
export const runService = async ({ domain, migrationsDir, kitMigrations = [], createApp, startBackground }: RunServiceOptions): Promise<void> => {
  const env = readServiceEnv();
  const sql = createSql(env.DATABASE_URL, { max: env.DB_POOL_MAX, schema: domain });
  for (const kit of kitMigrations) await migrate(sql, domain, kit.dir, { kitSet: kit.kitSet });
  await migrate(sql, domain, migrationsDir);
  const app = await createApp(sql);
  const stopBackground = startBackground ? await startBackground(sql) : async () => {};

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info: AddressInfo) => {
    // The launcher reads this line to learn the port when it asked for any free one.
    console.log(`[${domain}] listening on http://${info.address}:${info.port}`);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[${domain}] ${signal}: shutting down`);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    if ('closeIdleConnections' in server) (server as { closeIdleConnections: () => void }).closeIdleConnections();
    await Promise.race([closed, new Promise((r) => setTimeout(r, 5_000))]);
    await stopBackground();
    await sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  onLauncherExit(() => void stop('launcher exited'));
};
