import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_CODES,
  achievementsSchema,
  FORGE_WELCOME_GRANT,
  rewardsErrorCodes,
  rewardsSummarySchema,
  testRunsSchema,
  tiersSchema,
  transactionsSchema,
  withdrawalsSchema,
} from '@starforge/contracts/rewards';
import { errorOf } from '@starforge/test-db/harness';
import { finishTestRun } from '../domain/test-runs';
import { callAs, fund, rewardsTestContext, signIn, WALLET, type TestUser, testConfigWithDelay } from '../testing/harness';

// Runs wait in the queue for a minute: these tests finish them themselves when they need to.
const ctx = rewardsTestContext({ config: testConfigWithDelay(60_000) });

const get = async <T>(who: TestUser, path: string, schema: { parse: (v: unknown) => T }): Promise<T> => {
  const res = await callAs(ctx, who, 'GET', path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return schema.parse(res.body);
};

describe('GET /summary', () => {
  it('creates the account on first use: zeros, 100 % success, the FORGE welcome grant and its tier', async () => {
    const who = await signIn(ctx);
    expect((await ctx.sql`select 1 from rewards.user_balances where user_id = ${who.id}`).length).toBe(0);
    const summary = await get(who, '/summary', rewardsSummarySchema);
    expect(summary).toEqual({
      points: 0,
      weekly_points: 0,
      points_balance: 0,
      total_tests: 0,
      successful_tests: 0,
      tests_today: 0,
      total_nfts: 0,
      success_rate: 100,
      cash_balance_cents: 0,
      total_earned_cents: 0,
      total_withdrawn_cents: 0,
      pending_withdrawal_cents: 0,
      pending_cash_cents: 0,
      next_settlement_at: null,
      tokens: { available: FORGE_WELCOME_GRANT, staked: 0 },
      tier: {
        id: 'bronze',
        name: 'Bronze',
        required_tokens: 1000,
        features: { max_tests_per_day: 250, sandbox_access: true, priority_support: false, private_rpc: false },
      },
    });
    // A second read is the same account: the grant is given once.
    expect((await get(who, '/summary', rewardsSummarySchema)).tokens.available).toBe(FORGE_WELCOME_GRANT);
  });

  it('shows balances, weekly points of this week only, held cash, today’s tests and the tier of available + staked', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { points: 300, cents: 1_000 });
    expect((await callAs(ctx, who, 'POST', '/withdrawals', { body: { wallet_address: WALLET, amount: '2.00' }, key: randomUUID() })).status).toBe(201);
    expect((await callAs(ctx, who, 'POST', '/test-runs', { body: { network: 'optimism', test_type: 'performance' } })).status).toBe(201);
    await ctx.sql`update rewards.starforge_tokens set token_amount = 2000, staked_amount = 3000 where user_id = ${who.id}`;
    const summary = await get(who, '/summary', rewardsSummarySchema);
    expect(summary).toMatchObject({
      points: 300,
      weekly_points: 300,
      points_balance: 300,
      cash_balance_cents: 800,
      total_earned_cents: 1_000,
      pending_withdrawal_cents: 200,
      tests_today: 1,
      tokens: { available: 2000, staked: 3000 },
      tier: { name: 'Silver' },
    });
    await ctx.sql`update rewards.leaderboard_stats set week_start = week_start - 7 where user_id = ${who.id}`;
    expect((await get(who, '/summary', rewardsSummarySchema)).weekly_points).toBe(0);
  });
});

describe('GET /tiers', () => {
  it('lists Free, Bronze, Silver, Gold, ascending', async () => {
    const who = await signIn(ctx);
    const { tiers } = await get(who, '/tiers', tiersSchema);
    expect(tiers.map((t) => [t.name, t.required_tokens, t.features.max_tests_per_day])).toEqual([
      ['Free', 0, 100],
      ['Bronze', 1000, 250],
      ['Silver', 5000, 1000],
      ['Gold', 20000, null],
    ]);
  });
});

describe('GET /transactions', () => {
  it('the last 10 rows, newest first, each with its rule and source', async () => {
    const who = await signIn(ctx);
    for (let i = 1; i <= 12; i++) await ctx.sql`select rewards.award_points(${who.id}, ${i}, 'test_grant', ${`Grant ${i}`}, null, ${`grant:${i}`})`;
    await fund(ctx.sql, who.id, { cents: 250 });
    const { transactions } = await get(who, '/transactions', transactionsSchema);
    expect(transactions).toHaveLength(10);
    expect(transactions[0]).toMatchObject({ transaction_type: 'bounty_reward', amount_cents: 250, rule: 'bounty_approved', source: { type: 'bounty' } });
    expect(transactions.slice(1).map((t) => t.description)).toEqual([
      'Grant 12',
      'Grant 11',
      'Grant 10',
      'Grant 9',
      'Grant 8',
      'Grant 7',
      'Grant 6',
      'Grant 5',
      'Grant 4',
    ]);
    expect(transactions[1]).toMatchObject({ points_amount: 12, amount_cents: 0, status: 'completed', source: null });
  });
});

describe('GET /achievements', () => {
  it('the six in spec order with progress; each unlocks once with its points once', async () => {
    const who = await signIn(ctx);
    let { achievements } = await get(who, '/achievements', achievementsSchema);
    expect(achievements.map((a) => a.code)).toEqual([...ACHIEVEMENT_CODES]);
    expect(achievements.every((a) => a.progress === 0 && a.unlocked_at === null)).toBe(true);

    // Ten completed tests: First Test, Test Master, Perfectionist (100 % over 10), and Weekly Warrior on the way.
    for (let i = 0; i < 11; i++) {
      const res = await callAs(ctx, who, 'POST', '/test-runs', { body: { network: 'ethereum', test_type: 'smart_contract' } });
      expect(await finishTestRun(ctx.sql, (res.body as { id: string }).id, () => 0)).toBe(true);
    }
    ({ achievements } = await get(who, '/achievements', achievementsSchema));
    const byCode = Object.fromEntries(achievements.map((a) => [a.code, a]));
    expect(byCode.first_test).toMatchObject({ progress: 11 });
    expect(byCode.test_master).toMatchObject({ progress: 11, target: 10 });
    expect(byCode.perfectionist).toMatchObject({ progress: 100 });
    expect(byCode.nft_creator).toMatchObject({ progress: 0, unlocked_at: null });
    expect(achievements.filter((a) => a.unlocked_at !== null).map((a) => a.code)).toEqual(['first_test', 'test_master', 'perfectionist', 'weekly_warrior']);
    const rows = await ctx.sql<{ sourceId: string; n: number }[]>`
      select source_id, count(*)::int as n from rewards.transactions
      where user_id = ${who.id} and rule = 'achievement_unlocked' group by source_id order by source_id`;
    expect(rows).toEqual(['first_test', 'perfectionist', 'test_master', 'weekly_warrior'].map((sourceId) => ({ sourceId, n: 1 })));
    const summary = await get(who, '/summary', rewardsSummarySchema);
    expect(summary.points_balance).toBe(11 * 50 + 50 + 250 + 500 + 200);
  });

  it('Perfectionist waits for 10 tests however good the rate', async () => {
    const who = await signIn(ctx);
    for (let i = 0; i < 9; i++) {
      const res = await callAs(ctx, who, 'POST', '/test-runs', { body: { network: 'polygon', test_type: 'transaction' } });
      await finishTestRun(ctx.sql, (res.body as { id: string }).id, () => 0);
    }
    const { achievements } = await get(who, '/achievements', achievementsSchema);
    expect(achievements.find((a) => a.code === 'perfectionist')).toMatchObject({ progress: 100, unlocked_at: null });
  });
});

describe('GET /test-runs', () => {
  it('the latest runs, newest first; a gas change only between two completed runs of the same contract, network and type', async () => {
    const who = await signIn(ctx);
    await ctx.sql`select rewards.ensure_account(${who.id})`;
    const insert = (network: string, type: string, status: string, gas: number | null, minutesAgo: number, contract?: string) => ctx.sql`
      insert into rewards.test_runs (user_id, network, test_type, status, tx_hash, gas_used, block_number, points_awarded, created_at, completed_at,
                                     contract_source, contract_hash, result)
      values (${who.id}, ${network}, ${type}, ${status},
              ${gas === null || contract ? null : `0x${'a'.repeat(64)}`}, ${gas}, ${gas === null || contract ? null : 18_500_000}, ${gas === null ? 25 : 50},
              now() - make_interval(mins => ${minutesAgo}), now() - make_interval(mins => ${minutesAgo}) + interval '4 seconds',
              ${contract ?? null}, ${contract ? contract.padEnd(64, '0') : null}, ${contract ? ctx.sql.json({}) : null})`;
    // The spec's runs: their gas is drawn at random, so two of them compare nothing.
    await insert('ethereum', 'transaction', 'completed', 30_000, 50);
    await insert('ethereum', 'transaction', 'failed', null, 40);
    await insert('ethereum', 'transaction', 'completed', 31_204, 30);
    // Runs of the user's contracts: 'a' twice on Ethereum, once on Polygon; 'b' once.
    await insert('ethereum', 'smart_contract', 'completed', 60_000, 25, 'a');
    await insert('polygon', 'smart_contract', 'completed', 61_000, 22, 'a');
    await insert('ethereum', 'smart_contract', 'completed', 58_000, 20, 'b');
    await insert('ethereum', 'smart_contract', 'completed', 58_800, 15, 'a');
    await insert('ethereum', 'transaction', 'completed', 29_000, 10);
    const { test_runs: runs } = await get(who, '/test-runs', testRunsSchema);
    expect(runs.map((r) => [r.network, r.test_type, r.has_contract, r.gas_delta])).toEqual([
      ['ethereum', 'transaction', false, null],
      ['ethereum', 'smart_contract', true, -1_200],
      ['ethereum', 'smart_contract', true, null],
      ['polygon', 'smart_contract', true, null],
      ['ethereum', 'smart_contract', true, null],
    ]);
  });
  it('every run is reachable: the latest 5 without a page, then pages of 20, with the total', async () => {
    const who = await signIn(ctx);
    await ctx.sql`select rewards.ensure_account(${who.id})`;
    await ctx.sql`
      insert into rewards.test_runs (user_id, network, test_type, status, points_awarded, completed_at, created_at)
      select ${who.id}, 'ethereum', 'transaction', 'failed', 25, now() - make_interval(mins => i), now() - make_interval(mins => i)
      from generate_series(1, 23) as i`;
    const latest = await get(who, '/test-runs', testRunsSchema);
    expect({ n: latest.test_runs.length, total: latest.total, page: latest.page, size: latest.page_size }).toEqual({ n: 5, total: 23, page: 1, size: 5 });
    const first = await get(who, '/test-runs?page=1', testRunsSchema);
    const second = await get(who, '/test-runs?page=2', testRunsSchema);
    expect([first.test_runs.length, second.test_runs.length, second.total, second.page_size]).toEqual([20, 3, 23, 20]);
    const all = [...first.test_runs, ...second.test_runs];
    expect(new Set(all.map((r) => r.id)).size).toBe(23);
    expect(all.map((r) => r.created_at)).toEqual(
      all
        .map((r) => r.created_at)
        .sort()
        .reverse(),
    );
    expect(first.test_runs.slice(0, 5).map((r) => r.id)).toEqual(latest.test_runs.map((r) => r.id));
    expect((await get(who, '/test-runs?page=3', testRunsSchema)).test_runs).toEqual([]);
    for (const page of ['0', '0x10', '1e3', '', '100001']) {
      const refused = await callAs(ctx, who, 'GET', `/test-runs?page=${page}`);
      expect(refused.status, page).toBe(400);
      expect(errorOf(refused).message, page).toMatch(/page/);
    }
  });
});

describe('POST /test-runs', () => {
  it('answers 201 running, and 429 daily_test_limit once the tier’s tests for today are used', async () => {
    const who = await signIn(ctx);
    const res = await callAs(ctx, who, 'POST', '/test-runs', { body: { network: 'arbitrum', test_type: 'security_audit' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ network: 'arbitrum', test_type: 'security_audit', status: 'running', gas_delta: null });
    // Free tier (no FORGE): 100 tests a day; 99 more started earlier today (and one yesterday, not counted).
    await ctx.sql`update rewards.starforge_tokens set token_amount = 0 where user_id = ${who.id}`;
    await ctx.sql`
      insert into rewards.test_runs (user_id, network, test_type, created_at)
      select ${who.id}, 'ethereum', 'transaction', greatest(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', now() - interval '1 minute')
      from generate_series(1, 99)`;
    await ctx.sql`
      insert into rewards.test_runs (user_id, network, test_type, created_at)
      values (${who.id}, 'ethereum', 'transaction', date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '1 second')`;
    const refused = await callAs(ctx, who, 'POST', '/test-runs', { body: { network: 'ethereum', test_type: 'transaction' } });
    // It names what raises the limit: more FORGE held (staking does not add any), earned by completed tests.
    expect(errorOf(refused)).toEqual({
      status: 429,
      code: rewardsErrorCodes.dailyTestLimit,
      message:
        'Your tier allows 100 tests a day. Bronze allows 250 a day from 1,000 FORGE, available or staked (you have 0); ' +
        'each completed test earns 25 FORGE, up to 500 a day. Or come back tomorrow.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Gold has no daily limit.
    await ctx.sql`update rewards.starforge_tokens set staked_amount = 20000 where user_id = ${who.id}`;
    expect((await callAs(ctx, who, 'POST', '/test-runs', { body: { network: 'ethereum', test_type: 'transaction' } })).status).toBe(201);
  });

  it('two starts at once cannot both take the last test of the day', async () => {
    const who = await signIn(ctx);
    await ctx.sql`select rewards.ensure_account(${who.id})`;
    await ctx.sql`update rewards.starforge_tokens set token_amount = 0 where user_id = ${who.id}`;
    await ctx.sql`
      insert into rewards.test_runs (user_id, network, test_type, created_at)
      select ${who.id}, 'ethereum', 'transaction', greatest(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', now() - interval '1 minute')
      from generate_series(1, 98)`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => callAs(ctx, who, 'POST', '/test-runs', { body: { network: 'ethereum', test_type: 'transaction' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
  });
});

describe('GET /withdrawals', () => {
  it('the caller’s withdrawals, newest first', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { cents: 1_000 });
    for (const amount of ['1.00', '2.00', '3.00']) {
      expect((await callAs(ctx, who, 'POST', '/withdrawals', { body: { wallet_address: WALLET, amount }, key: randomUUID() })).status).toBe(201);
    }
    const { withdrawals } = await get(who, '/withdrawals', withdrawalsSchema);
    expect(withdrawals.map((w) => [w.amount_cents, w.status, w.wallet_address, w.tx_signature])).toEqual([
      [300, 'pending', WALLET, null],
      [200, 'pending', WALLET, null],
      [100, 'pending', WALLET, null],
    ]);
  });
});
