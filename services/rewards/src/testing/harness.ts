import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestRunDetail } from '@starforge/contracts/rewards';
import { idempotencyKeyMigrations, type Jobs, type Sql } from '@starforge/service-kit';
import { createTestTokens, type TestTokens } from '@starforge/service-kit/auth/test-tokens';
import { testSql } from '@starforge/test-db';
import { eventually } from '@starforge/test-db/eventually';
import { callAsIn, testAppOf, type Caller, type TestApp } from '@starforge/test-db/harness';
import { testJobs as kitTestJobs } from '@starforge/test-db/jobs';
import { createApp } from '../app';
import type { RewardsConfig } from '../config/env';
import { lazyContractEngine, type ContractEngine } from '../domain/contract-runs';
import { registerEngineJobs, registerRewardsJobs } from '../jobs';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Auth (sessions), events (events.publish) and rewards with the kit's idempotency keys. */
const rewardsMigrations = [
  { schema: 'auth', dir: dir('../../../auth/migrations') },
  { schema: 'events', dir: dir('../../../events/migrations') },
  { schema: 'rewards', ...idempotencyKeyMigrations },
  { schema: 'rewards', dir: dir('../../migrations') },
];

/** Short delays, so finished runs and withdrawals are seen within a test; one engine worker. */
export const testConfig: RewardsConfig = {
  testRunDelayMs: { min: 100, max: 200 },
  withdrawalDelayMs: 100,
  engine: { workers: 1, runTimeoutMs: 20_000, memoryMb: 512, suiteMemoryMb: 2_560, stopGraceMs: 2_000, healthPort: 0, nice: 0, compileCache: null },
};

/** testConfig with every delay (test runs, withdrawals) set to `delayMs`. */
export const testConfigWithDelay = (delayMs: number): RewardsConfig => ({
  ...testConfig,
  testRunDelayMs: { min: delayMs, max: delayMs },
  withdrawalDelayMs: delayMs,
});

/** A pool on the test database with the rewards schema (and what it needs) migrated. */
export const rewardsTestSql = (): Promise<Sql> => testSql(rewardsMigrations, 'rewards');

/**
 * The kit's per-file jobs (`rewards_t_<random>_jobs`), or `<service>_jobs` to open an earlier
 * one again, as a restarted service does (`testJobs('rewards')` is the real service's queues).
 */
export const testJobs = (service?: string): Jobs => kitTestJobs('rewards', service ? { service } : {});

export interface RewardsTestContext {
  sql: Sql;
  tokens: TestTokens;
  jobs: Jobs;
  /** The contract engine's pool, started on the file's first contract run. */
  engine: ContractEngine;
  app: TestApp<ReturnType<typeof createApp>>;
}

/**
 * The file's pool, test tokens, started jobs (the service's workers) and app, opened before its
 * tests and closed after them: read the fields inside tests.
 */
export const rewardsTestContext = (options: { config?: RewardsConfig; startJobs?: boolean } = {}): RewardsTestContext => {
  const ctx = {} as RewardsTestContext;
  beforeAll(async () => {
    ctx.sql = await rewardsTestSql();
    ctx.tokens = await createTestTokens();
    ctx.jobs = testJobs();
    const config = options.config ?? testConfig;
    ctx.engine = lazyContractEngine({ size: config.engine.workers, runTimeoutMs: config.engine.runTimeoutMs, memoryMb: config.engine.memoryMb });
    // The service's queues and, in the same process, an engine worker's (production runs it apart).
    registerRewardsJobs(ctx.jobs, ctx.sql, { runTimeoutMs: config.engine.runTimeoutMs });
    registerEngineJobs(ctx.jobs, ctx.sql, { engine: ctx.engine, runTimeoutMs: config.engine.runTimeoutMs, concurrency: config.engine.workers });
    await ctx.jobs.start();
    ctx.app = testAppOf(createApp(ctx.sql, { jobs: ctx.jobs, config, keys: ctx.tokens.keys }), 'rewards');
  });
  afterAll(async () => {
    await ctx.jobs?.stop({ timeoutMs: 2_000 });
    await ctx.engine?.close();
    await ctx.sql?.end();
  });
  return ctx;
};

/** Starts a run as `who` through the API and waits until it finished (the engine's result kept with it). */
export const runToEnd = async (ctx: RewardsTestContext, who: Caller, body: Record<string, unknown>): Promise<TestRunDetail> => {
  const started = await callAsIn(ctx, who, 'POST', '/test-runs', { body });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const id = (started.body as { id: string }).id;
  let detail: TestRunDetail | undefined;
  await eventually(async () => {
    detail = (await callAsIn(ctx, who, 'GET', `/test-runs/${id}`)).body as TestRunDetail;
    expect(detail.status).not.toBe('running');
  }, 30_000);
  return detail as TestRunDetail;
};

/** Gives a user points and cash through the published functions (what other domains call). */
export const fund = async (sql: Sql, userId: string, { points = 0, cents = 0 }: { points?: number; cents?: number }): Promise<void> => {
  const key = randomUUID();
  if (points > 0) await sql`select rewards.award_points(${userId}, ${points}, 'test_grant', 'Test grant', null, ${`grant:${key}`})`;
  if (cents > 0)
    await sql`select rewards.credit_cash(${userId}, ${cents}, 'bounty_reward', 'Test bounty', ${sql.json({ type: 'bounty', id: key })}, ${`bounty:${key}`})`;
};

/** Users whose balances differ from the sum of their ledger (empty when all is well). */
export const ledgerBreaks = (sql: Sql) => sql`select * from rewards.ledger_breaks`;

export { eventually } from '@starforge/test-db/eventually';

/** A valid Solana address (32 bytes in base58). */
export const WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

export { callAsIn as callAs, signIn, type TestUser } from '@starforge/test-db/harness';
