import type { AddressInfo } from 'node:net';
import { createSql, type Sql } from './db';
import { readPoolSizes, readServiceEnv } from './env';
import { migrate, type KitMigrations } from './migrate';
import { onLauncherExit } from './launcher-exit';
import { createJobs, type Jobs } from './jobs/index';
import type { ServiceApp } from './create-app';
import { serveApp } from './http/serve-app';
import { readiness } from './lifecycle/readiness';

/** What runService hands to the app it builds. */
export interface ServiceContext {
  /** The service's durable jobs: enqueue inside the transaction that writes the job's row. */
  jobs: Jobs;
}

interface RunServiceOptions {
  /** The service's name; also its schema (a domain or platform service name). */
  domain: string;
  migrationsDir: string;
  /**
   * Kit-owned migration sets to apply into the service's schema after its own migrations (e.g.
   * idempotencyKeyMigrations); a file of its own that builds on a set's tables got that set first
   * (`-- needs …`, kit-set-needs.ts), and a domain whose history made a set's tables before the set
   * existed converts them in its own files (payments' paymentMigrations).
   */
  kitMigrations?: KitMigrations[];
  createApp: (sql: Sql, context: ServiceContext) => ServiceApp | Promise<ServiceApp>;
  /** Registers the service's job workers (`jobs.work(name, handler)`); they start after migrations. */
  registerJobs?: (jobs: Jobs, sql: Sql) => void;
  /** Extra work to start after the app (workers, listeners; `context.jobs` is started); returns its own stop. */
  startBackground?: (sql: Sql, context: ServiceContext) => Promise<() => Promise<void>>;
  /**
   * Runs when the copy stops taking connections, before the server waits for the open ones: what
   * holds a connection open for long (the events service's streams) ends here.
   */
  beforeClose?: () => void;
}

/** How long a stop waits for running jobs; the launcher's SIGKILL comes later (processes.ts). */
const JOBS_STOP_TIMEOUT_MS = 6_000;

/**
 * Starts a domain service: migrate its schema (several copies starting at once take turns, see
 * migrate), start its job workers, then listen, which is when the copy is ready; on SIGTERM/SIGINT
 * drain it (see `stop` below).
 */
export const runService = async ({
  domain,
  migrationsDir,
  kitMigrations = [],
  createApp,
  registerJobs,
  startBackground,
  beforeClose,
}: RunServiceOptions): Promise<void> => {
  const env = readServiceEnv();
  const pools = readPoolSizes(domain);
  const sql = createSql(env.DATABASE_URL, { max: pools.pool, schema: domain });
  await migrate(sql, domain, migrationsDir);
  for (const kit of kitMigrations) await migrate(sql, domain, kit.dir, { kitSet: kit.kitSet });
  const jobs = createJobs({ databaseUrl: env.DATABASE_URL, service: domain, poolMax: pools.jobs });
  registerJobs?.(jobs, sql);
  const app = await createApp(sql, { jobs });
  await jobs.start();
  const stopBackground = startBackground ? await startBackground(sql, { jobs }) : async () => {};

  const server = serveApp(app, { port: env.PORT, hostname: env.HOST }, (info: AddressInfo) => {
    // The launcher reads this line to learn the port when it asked for any free one.
    console.log(`[${domain}] listening on http://${info.address}:${info.port} (Node.js ${process.version})`);
  });

  let stopping = false;
  /**
   * Drains the copy: it stops being ready at once (`/ready` answers 503, `/health` still 200) but
   * serves for `DRAIN_GRACE_MS` more, long enough for the gateway's next readiness probe to send
   * new requests elsewhere, so no request meets a closed port; then it stops accepting, ends its
   * long-lived connections, lets requests and jobs in flight finish (a job it cannot finish in
   * time expires and another copy runs it) and closes its pool.
   */
  const stop = async (signal: string, { grace = true } = {}) => {
    if (stopping) return;
    stopping = true;
    readiness.startDraining();
    console.log(`[${domain}] ${signal}: draining`);
    if (grace && env.DRAIN_GRACE_MS > 0) await new Promise((resolve) => setTimeout(resolve, env.DRAIN_GRACE_MS));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    beforeClose?.();
    if ('closeIdleConnections' in server) (server as { closeIdleConnections: () => void }).closeIdleConnections();
    // Requests and jobs finish side by side; both need the pool, which closes last.
    await Promise.all([
      Promise.race([closed, new Promise((r) => setTimeout(r, 5_000))]),
      jobs.stop({ timeoutMs: JOBS_STOP_TIMEOUT_MS }).catch((error: unknown) => console.error(`[${domain}] jobs did not stop cleanly`, error)),
    ]);
    await stopBackground();
    await sql.end({ timeout: 5 });
    console.log(`[${domain}] stopped`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // The terminal closed: nobody balances requests to this copy any more either.
  process.on('SIGHUP', () => void stop('SIGHUP', { grace: false }));
  // Nobody balances requests to a copy whose launcher is gone: no grace.
  onLauncherExit(() => void stop('launcher exited', { grace: false }));
};
