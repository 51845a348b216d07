import type { AddressInfo } from 'node:net';
import { createSql, type Sql } from './db';
import { readPoolSizes, readServiceEnv } from './env';
import { migrate, type KitMigrations } from './migrate';
import { onLauncherExit } from './launcher-exit';
import { createJobs, type Jobs } from './jobs/index';
import type { ServiceApp } from './create-app';
import { serveApp } from './http/serve-app';

/** What runService hands to the app it builds. */
export interface ServiceContext {
  /** The service's durable jobs: enqueue inside the transaction that writes the job's row. */
  jobs: Jobs;
}

interface RunServiceOptions {
  /** The service's name; also its schema (a domain or platform service name). */
  domain: string;
  migrationsDir: string;
  /** Kit-owned migration sets to apply into the service's schema first (e.g. idempotencyKeyMigrations). */
  kitMigrations?: KitMigrations[];
  createApp: (sql: Sql, context: ServiceContext) => ServiceApp | Promise<ServiceApp>;
  /** Registers the service's job workers (`jobs.work(name, handler)`); they start after migrations. */
  registerJobs?: (jobs: Jobs, sql: Sql) => void;
  /** Extra work to start after the app (workers, listeners); returns its own stop. */
  startBackground?: (sql: Sql) => Promise<() => Promise<void>>;
}

/** How long a stop waits for running jobs; the launcher's SIGKILL comes later (processes.ts). */
const JOBS_STOP_TIMEOUT_MS = 6_000;

/**
 * Starts a domain service: migrate its schema, start its job workers, listen, and on
 * SIGTERM/SIGINT stop taking requests, let requests and jobs in flight finish, stop background
 * work and close the pool.
 */
export const runService = async ({ domain, migrationsDir, kitMigrations = [], createApp, registerJobs, startBackground }: RunServiceOptions): Promise<void> => {
  const env = readServiceEnv();
  const pools = readPoolSizes(domain);
  const sql = createSql(env.DATABASE_URL, { max: pools.pool, schema: domain });
  for (const kit of kitMigrations) await migrate(sql, domain, kit.dir, { kitSet: kit.kitSet });
  await migrate(sql, domain, migrationsDir);
  const jobs = createJobs({ databaseUrl: env.DATABASE_URL, service: domain, poolMax: pools.jobs });
  registerJobs?.(jobs, sql);
  const app = await createApp(sql, { jobs });
  await jobs.start();
  const stopBackground = startBackground ? await startBackground(sql) : async () => {};

  const server = serveApp(app, { port: env.PORT, hostname: env.HOST }, (info: AddressInfo) => {
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
    // Requests and jobs finish side by side; both need the pool, which closes last.
    await Promise.all([
      Promise.race([closed, new Promise((r) => setTimeout(r, 5_000))]),
      jobs.stop({ timeoutMs: JOBS_STOP_TIMEOUT_MS }).catch((error: unknown) => console.error(`[${domain}] jobs did not stop cleanly`, error)),
    ]);
    await stopBackground();
    await sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  onLauncherExit(() => void stop('launcher exited'));
};
