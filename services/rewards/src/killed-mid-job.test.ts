import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serviceProcesses } from '@starforge/test-db/service-process';
import type { TestRun } from '@starforge/contracts/rewards';
import { testAppOf } from '@starforge/test-db/harness';
import { createApp } from './app';
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
  testConfig,
  testConfigWithDelay,
} from './testing/harness';

const ctx = rewardsTestContext();
const serviceDir = fileURLToPath(new URL('..', import.meta.url));
const processes = serviceProcesses('rewards', serviceDir);
const startService = () => processes.start();

describe('the rewards service killed with SIGKILL in the middle of its jobs', () => {
  it('finishes the test run and the withdrawal exactly once after a restart', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { cents: 500 });
    // The service opens its queues (rewards_jobs); this test's requests add to them, due in 1.5 s.
    const first = await startService();
    const queue = testJobs('rewards');
    // Registered, never started: this process only enqueues (the kit wants each queue's worker known).
    registerRewardsJobs(queue, ctx.sql, { runTimeoutMs: testConfig.engine.runTimeoutMs });
    const service: RewardsTestContext = {
      ...ctx,
      jobs: queue,
      app: testAppOf(createApp(ctx.sql, { jobs: queue, config: testConfigWithDelay(1_500), keys: ctx.tokens.keys }), 'rewards'),
    };
    const run = (await callAs(service, who, 'POST', '/test-runs', { body: { network: 'polygon', test_type: 'performance' } })).body as TestRun;
    const accepted = await callAs(service, who, 'POST', '/withdrawals', { body: { wallet_address: WALLET, amount: '5' }, key: crypto.randomUUID() });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const withdrawalId = (accepted.body as { withdrawal: { id: string } }).withdrawal.id;

    // Hold the user's balance row, so both jobs stop inside their transactions, before committing.
    const holder = await ctx.sql.reserve();
    await holder`begin`;
    await holder`select 1 from rewards.user_balances where user_id = ${who.id} for update`;
    const activeJobs = async () =>
      Number(
        (
          await ctx.sql`select count(*) as n from rewards_jobs.job where state = 'active' and (data->>'runId' = ${run.id} or data->>'withdrawalId' = ${withdrawalId})`
        )[0]?.n,
      );
    await eventually(async () => (await activeJobs()) === 2, 10_000);
    // Both jobs' statements wait for the row in their backends (the second one behind the first).
    const waitingJobs = () => ctx.sql`
      select pid from pg_stat_activity
      where wait_event_type = 'Lock' and (query like '%rewards._finish_test_run(%' or query like '%rewards._complete_withdrawal(%')`;
    await eventually(async () => (await waitingJobs()).length === 2, 10_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    // Each job is one statement outside a transaction, and a backend hears that its client died only
    // when it next talks to it: released, both statements would still finish and commit (harmless in
    // production, where the jobs are retried and idempotent, but a race with the checks below). End
    // them, as a server that noticed the dead client would.
    const waiting = (await waitingJobs()).map((row) => row.pid as number);
    expect(await ctx.sql`select pg_terminate_backend(pid, 5000) as ended from unnest(${waiting}::int[]) as pid`).toEqual([{ ended: true }, { ended: true }]);
    await holder`rollback`;
    holder.release();

    // Killed mid-job: nothing of either job committed.
    expect((await ctx.sql`select status from rewards.test_runs where id = ${run.id}`)[0]?.status).toBe('running');
    expect((await ctx.sql`select status from rewards.withdrawals where id = ${withdrawalId}`)[0]?.status).toBe('pending');

    // The restarted service finds both jobs abandoned (their worker died) and runs them again.
    const second = await startService();
    try {
      await eventually(async () => (await ctx.sql`select status from rewards.test_runs where id = ${run.id}`)[0]?.status !== 'running', 20_000, 200);
      await eventually(async () => (await ctx.sql`select status from rewards.withdrawals where id = ${withdrawalId}`)[0]?.status === 'completed', 20_000, 200);
    } finally {
      second.kill('SIGTERM');
    }
    const [credits] = await ctx.sql`select count(*)::int as n from rewards.transactions where idempotency_key = ${`test_run:${run.id}`}`;
    expect(credits?.n).toBe(1);
    const [balances] = await ctx.sql`
      select cash_balance_cents::int, total_withdrawn_cents::int, (select total_tests from rewards.leaderboard_stats where user_id = ${who.id}) as tests
      from rewards.user_balances where user_id = ${who.id}`;
    expect(balances).toEqual({ cashBalanceCents: 0, totalWithdrawnCents: 500, tests: 1 });
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  }, 60_000);
});
