import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { idempotencyKeyMigrations, type Jobs, type Sql } from '@starforge/service-kit';
import { createTestTokens, type TestTokens } from '@starforge/service-kit/auth/test-tokens';
import { testSql } from '@starforge/test-db';
import { testAppOf, type TestApp } from '@starforge/test-db/harness';
import { testJobs as kitTestJobs } from '@starforge/test-db/jobs';
import { newSolanaReference, paymentMigrations } from '@starforge/payments/server';
import { createApp, type BountiesAppOptions } from '../app';
import { registerBountiesJobs } from '../domain/claim-life';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Auth (sessions, public profiles), events and rewards (the published money functions), then bounties with the kit's idempotency keys. */
export const bountiesMigrations = [
  { schema: 'auth', dir: dir('../../../auth/migrations') },
  { schema: 'events', dir: dir('../../../events/migrations') },
  { schema: 'rewards', dir: dir('../../../rewards/migrations') },
  { schema: 'bounties', ...idempotencyKeyMigrations },
  { schema: 'bounties', dir: dir('../../migrations') },
  { schema: 'bounties', ...paymentMigrations },
];

export interface BountiesTestContext {
  sql: Sql;
  /** The file's own started jobs (`bounties_t_<random>_jobs`) with the service's worker. */
  jobs: Jobs;
  tokens: TestTokens;
  app: TestApp<ReturnType<typeof createApp>>;
}

/** The treasury the test apps' Solana payments pay: a fresh address per test process. */
export const testTreasury = newSolanaReference();

/**
 * The kit's per-file jobs (`bounties_t_<random>_jobs`), or `<service>_jobs` to open an earlier
 * one again, as a restarted service does.
 */
export const testJobs = (service?: string): Jobs => kitTestJobs('bounties', service ? { service } : {});

/**
 * The file's pool, test tokens, started jobs (the service's worker) and app, opened before its
 * tests and closed after them: read the fields inside tests. `solanaSettlement` replaces the kit's
 * offline one (a network that refuses).
 */
export const bountiesTestContext = (options: Partial<Omit<BountiesAppOptions, 'keys' | 'jobs'>> = {}): BountiesTestContext => {
  const ctx = {} as BountiesTestContext;
  beforeAll(async () => {
    ctx.sql = await testSql(bountiesMigrations, 'bounties');
    ctx.tokens = await createTestTokens();
    ctx.jobs = testJobs();
    registerBountiesJobs(ctx.jobs, ctx.sql);
    await ctx.jobs.start();
    ctx.app = testAppOf(createApp(ctx.sql, { jobs: ctx.jobs, keys: ctx.tokens.keys, solanaTreasury: testTreasury, ...options }), 'bounties');
  });
  afterAll(async () => {
    await ctx.jobs?.stop({ timeoutMs: 2_000 });
    await ctx.sql?.end();
  });
  return ctx;
};

export { callAsIn as callAs, signIn, type TestUser } from '@starforge/test-db/harness';

/** A card that passes every check (Visa's test number, far from expiring). */
export const goodCard = {
  payment_method: 'credit_card',
  card_number: '4242 4242 4242 4242',
  expiry: '12/49',
  cvv: '123',
  cardholder_name: 'Ada Pro',
} as const;

/** Users whose balance differs from their ledger: empty unless something is broken. */
export const ledgerBreaks = (sql: Sql) => sql`select * from rewards.ledger_breaks`;
