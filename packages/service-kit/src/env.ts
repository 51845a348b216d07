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
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  /** How long a copy told to stop keeps serving while not ready, so load balancers move off it first. */
  DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

export const readServiceEnv = (source: NodeJS.ProcessEnv = process.env): ServiceEnv => serviceEnvSchema.parse(source);

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
