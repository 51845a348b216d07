import { z } from 'zod';

/** A yes-or-no setting: `true`/`1` or `false`/`0`/empty; anything else is refused rather than guessed. */
export const envFlag = () =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1');

/** The settings every service reads; the one place that touches `process.env`. */
const serviceEnvSchema = z.object({
  DATABASE_URL: z.string().url(),
  PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  HOST: z.string().default('127.0.0.1'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** How long a copy told to stop keeps serving while not ready, so load balancers move off it first. */
  DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

export const readServiceEnv = (source: NodeJS.ProcessEnv = process.env): ServiceEnv => serviceEnvSchema.parse(source);

const poolSize = z.coerce.number().int().min(1).max(500);

/**
 * The pools one copy of a service opens (README, "Sizing connection pools"); its LISTEN
 * connections come on top, one each.
 */
export interface PoolSizes {
  /** The copy's own postgres.js pool: `DB_POOL_MAX_<SERVICE>` (`DB_POOL_MAX_EVENTS`), else `DB_POOL_MAX`, else 20. */
  pool: number;
  /** pg-boss's pool, in a copy whose service runs durable jobs: `JOBS_POOL_MAX`, else 4. */
  jobs: number;
}

const poolEnvSchema = z.object({ DB_POOL_MAX: poolSize.default(20), JOBS_POOL_MAX: poolSize.default(4) });

export const readPoolSizes = (service: string, source: NodeJS.ProcessEnv = process.env): PoolSizes => {
  const env = poolEnvSchema.parse(source);
  const ownName = `DB_POOL_MAX_${service.toUpperCase()}`;
  const own: number | undefined = z.object({ [ownName]: poolSize.optional() }).parse(source)[ownName];
  return { pool: own ?? env.DB_POOL_MAX, jobs: env.JOBS_POOL_MAX };
};

/** The contract runs one engine worker process runs at once, in as many threads: `ENGINE_WORKERS`, else 2. */
export const ENGINE_THREADS_DEFAULT = 2;
/** An engine worker's pool beyond one connection per thread: progress and `/health`. */
export const ENGINE_WORKER_SPARE_CONNECTIONS = 2;
const engineThreadsSchema = z.object({ ENGINE_WORKERS: z.coerce.number().int().min(1).max(16).default(ENGINE_THREADS_DEFAULT) });

/**
 * At most this many connections from one engine worker process (services/rewards/src/engine-worker.ts):
 * its pool (a connection per thread, and the spare ones), pg-boss's, and one that LISTENs for
 * other domains' runs whose turn came (the engine-run outbox).
 */
export const engineWorkerConnections = (source: NodeJS.ProcessEnv = process.env): number =>
  engineThreadsSchema.parse(source).ENGINE_WORKERS + ENGINE_WORKER_SPARE_CONNECTIONS + readPoolSizes('rewards', source).jobs + 1;

const httpEnvSchema = z.object({
  /** The product's origin as the browser sees it (the launcher passes it to every service). */
  PUBLIC_ORIGIN: z.string().url().default('http://localhost:3000'),
  /** Addresses of proxies whose X-Forwarded-For is believed (the gateway), comma-separated. */
  TRUSTED_PROXIES: z.string().default(''),
});

/** What the HTTP layer of every service needs to know about where it stands. */
export interface HttpSettings {
  /** Scheme, host and port only: `https://starforge.example`. */
  publicOrigin: string;
  trustedProxies: ReadonlySet<string>;
}

export const readHttpSettings = (source: NodeJS.ProcessEnv = process.env): HttpSettings => {
  const env = httpEnvSchema.parse(source);
  return {
    publicOrigin: new URL(env.PUBLIC_ORIGIN).origin,
    trustedProxies: new Set(
      env.TRUSTED_PROXIES.split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  };
};

const writeRateEnvSchema = z.object({
  /** How many writes one user may make at once (the bucket's size). */
  WRITE_RATE_LIMIT_BURST: z.coerce.number().positive().default(20),
  /** How many writes a second refill each user's bucket. */
  WRITE_RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(10),
});

/** The per-user write limit of every service: a token bucket (see rate-limit/write-rate.ts). */
export interface WriteRateLimit {
  burst: number;
  perSecond: number;
}

export const readWriteRateLimit = (source: NodeJS.ProcessEnv = process.env): WriteRateLimit => {
  const env = writeRateEnvSchema.parse(source);
  return { burst: env.WRITE_RATE_LIMIT_BURST, perSecond: env.WRITE_RATE_LIMIT_PER_SECOND };
};
