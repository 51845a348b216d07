import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { serverEventSchemas, type ServerEventType } from '@starforge/contracts/shared';
import { TEST_BLOCK_MAX, TEST_BLOCK_MIN, TEST_GAS_MAX, TEST_GAS_MIN, type TestRun } from '@starforge/contracts/rewards';
import type { Jobs } from '@starforge/service-kit';
import { testAppOf } from '@starforge/test-db/harness';
import { createApp } from './app';
import { COMPLETE_WITHDRAWAL_JOB, completeWithdrawal } from './domain/withdrawals';
import { FINISH_TEST_RUN_JOB, finishTestRun } from './domain/test-runs';
import { registerRewardsJobs } from './jobs';
import {
  callAs,
  eventually,
  fund,
  ledgerBreaks,
  rewardsTestContext,
  signIn,
  testJobs,
  WALLET,
  type RewardsTestContext,
  type TestUser,
  testConfig,
  testConfigWithDelay,
} from './testing/harness';

const ctx = rewardsTestContext();

/** The same service with other jobs or delays (a slow one leaves its jobs waiting in the queue). */
const withJobs = (jobs: Jobs, delayMs: number): RewardsTestContext => ({
  ...ctx,
  jobs,
  app: testAppOf(createApp(ctx.sql, { jobs, config: testConfigWithDelay(delayMs), keys: ctx.tokens.keys }), 'rewards'),
});
const slow = () => withJobs(ctx.jobs, 600_000);

const startRun = async (c: RewardsTestContext, who: TestUser): Promise<TestRun> => {
  const res = await callAs(c, who, 'POST', '/test-runs', { body: { network: 'sepolia', test_type: 'gas_optimization' } });
  expect(res.status).toBe(201);
  return res.body as TestRun;
};
const withdraw = async (c: RewardsTestContext, who: TestUser, amount: string) => {
  const res = await callAs(c, who, 'POST', '/withdrawals', { body: { wallet_address: WALLET, amount }, key: crypto.randomUUID() });
  expect(res.status).toBe(201);
  return (res.body as { withdrawal: { id: string } }).withdrawal.id;
};
const run = async (id: string) => {
  const [row] = await ctx.sql`select status, tx_hash, gas_used, block_number::int, points_awarded from rewards.test_runs where id = ${id}`;
  return row;
};
const testRunRows = async (id: string) =>
  (await ctx.sql`select count(*)::int as n from rewards.transactions where idempotency_key = ${`test_run:${id}`}`)[0]?.n as number;
const points = async (userId: string) => Number((await ctx.sql`select points_balance from rewards.user_balances where user_id = ${userId}`)[0]?.pointsBalance);
const eventTypes = async (userId: string) => {
  const rows = await ctx.sql<{ type: ServerEventType; data: unknown }[]>`select type, data from events.events where user_id = ${userId} order by id`;
  for (const row of rows) expect(serverEventSchemas[row.type].safeParse(row.data).success, row.type).toBe(true);
  return rows;
};

describe('the test run job', () => {
  it('finishes a run 100-200 ms later (the test delay): status, points, counters, live events', async () => {
    const who = await signIn(ctx);
    const started = await startRun(ctx, who);
    expect(started).toMatchObject({ status: 'running', tx_hash: null, gas_used: null, points_awarded: null, completed_at: null });
    await eventually(async () => (await run(started.id))?.status !== 'running');
    const finished = await run(started.id);
    if (finished?.status === 'completed') {
      expect(finished.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(finished.gasUsed).toBeGreaterThanOrEqual(TEST_GAS_MIN);
      expect(finished.gasUsed).toBeLessThanOrEqual(TEST_GAS_MAX);
      expect(finished.blockNumber).toBeGreaterThanOrEqual(TEST_BLOCK_MIN);
      expect(finished.blockNumber).toBeLessThanOrEqual(TEST_BLOCK_MAX);
      expect(finished.pointsAwarded).toBe(50);
    } else {
      expect(finished).toMatchObject({ status: 'failed', txHash: null, gasUsed: null, blockNumber: null, pointsAwarded: 25 });
    }
    // The run's points and First Test's 50.
    expect(await points(who.id)).toBe((finished?.pointsAwarded as number) + 50);
    const [stats] = await ctx.sql`select total_tests, successful_tests, success_rate from rewards.leaderboard_stats where user_id = ${who.id}`;
    expect(stats).toEqual({
      totalTests: 1,
      successfulTests: finished?.status === 'completed' ? 1 : 0,
      successRate: finished?.status === 'completed' ? 100 : 0,
    });
    const events = await eventTypes(who.id);
    // The start is announced with the run (the user's other tabs list it), the finish last.
    expect(events[0]).toEqual({ type: 'rewards.test_run_started', data: { runId: started.id } });
    expect(events.at(-1)).toEqual({
      type: 'rewards.test_run_finished',
      data: { runId: started.id, status: finished?.status, points: finished?.pointsAwarded },
    });
    expect(events.some((e) => e.type === 'rewards.account_changed')).toBe(true);
  });

  it('decides completed or failed from one draw: facts only when completed', async () => {
    const who = await signIn(ctx);
    const a = await startRun(slow(), who);
    const b = await startRun(slow(), who);
    expect(await finishTestRun(ctx.sql, a.id, () => 0.69)).toBe(true);
    expect(await finishTestRun(ctx.sql, b.id, () => 0.7)).toBe(true);
    expect(await run(a.id)).toMatchObject({ status: 'completed', pointsAwarded: 50 });
    expect(await run(b.id)).toMatchObject({ status: 'failed', txHash: null, gasUsed: null, blockNumber: null, pointsAwarded: 25 });
    const [stats] = await ctx.sql`select total_tests, successful_tests, success_rate from rewards.leaderboard_stats where user_id = ${who.id}`;
    expect(stats).toEqual({ totalTests: 2, successfulTests: 1, successRate: 50 });
    const rows = await ctx.sql`
      select description, rule, source_type, source_id, points_amount::int from rewards.transactions
      where user_id = ${who.id} and source_type = 'test_run' order by seq`;
    expect(rows).toEqual([
      { description: 'Gas Optimization test on Sepolia completed', rule: 'test_completed', sourceType: 'test_run', sourceId: a.id, pointsAmount: 50 },
      { description: 'Gas Optimization test on Sepolia failed', rule: 'test_failed', sourceType: 'test_run', sourceId: b.id, pointsAmount: 25 },
    ]);
  });

  it('credits once when the job runs twice, even at the same time', async () => {
    const who = await signIn(ctx);
    const started = await startRun(slow(), who);
    const results = await Promise.all([finishTestRun(ctx.sql, started.id), finishTestRun(ctx.sql, started.id)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await finishTestRun(ctx.sql, started.id)).toBe(false);
    expect(await testRunRows(started.id)).toBe(1);
    const [stats] = await ctx.sql`select total_tests from rewards.leaderboard_stats where user_id = ${who.id}`;
    expect(stats?.totalTests).toBe(1);
    expect(await points(who.id)).toBe(((await run(started.id))?.pointsAwarded as number) + 50);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });
});

describe('the withdrawal job', () => {
  it('completes a held withdrawal about the delay later, once, with a Solana signature', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { cents: 1_000 });
    const id = await withdraw(ctx, who, '2.50');
    const [held] = await ctx.sql`select cash_balance_cents::int, total_withdrawn_cents::int from rewards.user_balances where user_id = ${who.id}`;
    expect(held).toEqual({ cashBalanceCents: 750, totalWithdrawnCents: 0 });
    await eventually(async () => (await ctx.sql`select status from rewards.withdrawals where id = ${id}`)[0]?.status === 'completed');
    const [done] = await ctx.sql`
      select w.tx_signature, t.status, t.completed_at is not null as stamped, b.cash_balance_cents::int, b.total_withdrawn_cents::int
      from rewards.withdrawals w join rewards.transactions t on t.id = w.transaction_id join rewards.user_balances b on b.user_id = w.user_id
      where w.id = ${id}`;
    expect(done).toMatchObject({ status: 'completed', stamped: true, cashBalanceCents: 750, totalWithdrawnCents: 250 });
    expect(done?.txSignature).toHaveLength(88);
    expect(bs58.decode(done?.txSignature as string)).toHaveLength(64);
    expect(await completeWithdrawal(ctx.sql, id)).toBe(false);
    const events = await eventTypes(who.id);
    expect(events.find((e) => e.type === 'rewards.withdrawal_completed')?.data).toEqual({ withdrawalId: id, amountCents: 250, txSignature: done?.txSignature });
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('completes once when the job runs twice at the same time', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { cents: 500 });
    const id = await withdraw(slow(), who, '5');
    expect((await Promise.all([completeWithdrawal(ctx.sql, id), completeWithdrawal(ctx.sql, id)])).sort()).toEqual([false, true]);
    const [row] = await ctx.sql`select total_withdrawn_cents::int from rewards.user_balances where user_id = ${who.id}`;
    expect(row?.totalWithdrawnCents).toBe(500);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });
});

describe('a service stopped or killed mid-job', () => {
  it('finishes the run and the withdrawal once after a restart', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { cents: 300 });
    const before = testJobs();
    registerRewardsJobs(before, ctx.sql, { runTimeoutMs: testConfig.engine.runTimeoutMs });
    await before.start();
    const service = withJobs(before, 400);
    const started = await startRun(service, who);
    const withdrawalId = await withdraw(service, who, '3');
    // The service stops before the jobs are due; nothing has run.
    await before.stop();
    await new Promise((r) => setTimeout(r, 600));
    expect((await run(started.id))?.status).toBe('running');
    expect((await ctx.sql`select status from rewards.withdrawals where id = ${withdrawalId}`)[0]?.status).toBe('pending');

    // The restarted service opens the same queues and runs what waited.
    const after = testJobs(before.schema.replace(/_jobs$/, ''));
    registerRewardsJobs(after, ctx.sql, { runTimeoutMs: testConfig.engine.runTimeoutMs });
    await after.start();
    try {
      await eventually(async () => (await run(started.id))?.status !== 'running');
      await eventually(async () => (await ctx.sql`select status from rewards.withdrawals where id = ${withdrawalId}`)[0]?.status === 'completed');
    } finally {
      await after.stop();
    }
    expect(await testRunRows(started.id)).toBe(1);
    const [row] = await ctx.sql`select total_withdrawn_cents::int, cash_balance_cents::int from rewards.user_balances where user_id = ${who.id}`;
    expect(row).toEqual({ totalWithdrawnCents: 300, cashBalanceCents: 0 });
  });

  it('changes nothing when a worker dies after its effect committed and the job is retried', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { cents: 100 });
    const jobs = testJobs();
    const attempts = { run: 0, withdrawal: 0 };
    // Each handler's first attempt commits its effect, then "dies" before pg-boss records it.
    jobs.work<{ runId: string }>(
      FINISH_TEST_RUN_JOB,
      async ({ runId }, job) => {
        attempts.run++;
        await finishTestRun(ctx.sql, runId);
        if (job.attempt === 1) throw new Error('killed after commit');
      },
      { retryDelaySeconds: 1 },
    );
    jobs.work<{ withdrawalId: string }>(
      COMPLETE_WITHDRAWAL_JOB,
      async ({ withdrawalId }, job) => {
        attempts.withdrawal++;
        await completeWithdrawal(ctx.sql, withdrawalId);
        if (job.attempt === 1) throw new Error('killed after commit');
      },
      { retryDelaySeconds: 1 },
    );
    await jobs.start();
    try {
      const service = withJobs(jobs, 0);
      const started = await startRun(service, who);
      await withdraw(service, who, '1');
      await eventually(async () => attempts.run >= 2 && attempts.withdrawal >= 2, 10_000);
      const states = await ctx.sql.unsafe(`select name, state from ${jobs.schema}.job order by name`);
      await eventually(async () => (await ctx.sql.unsafe(`select 1 from ${jobs.schema}.job where state <> 'completed'`)).length === 0, 5_000);
      expect(states.map((s) => s.name)).toEqual([FINISH_TEST_RUN_JOB, COMPLETE_WITHDRAWAL_JOB].sort());
      expect(await testRunRows(started.id)).toBe(1);
      const [row] = await ctx.sql`select total_withdrawn_cents::int from rewards.user_balances where user_id = ${who.id}`;
      expect(row?.totalWithdrawnCents).toBe(100);
      expect(await ledgerBreaks(ctx.sql)).toEqual([]);
    } finally {
      await jobs.stop();
    }
  });
});
