import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { callAs, fund, ledgerBreaks, rewardsTestContext, signIn, WALLET, type TestUser, testConfigWithDelay } from '../testing/harness';

// 50-way races of one user test the money, not the write limit (the kit's rate-limit/write-rate.test.ts does):
// read when the app is built, in the context's beforeAll.
vi.stubEnv('WRITE_RATE_LIMIT_BURST', '100000');

// Withdrawals stay pending here (their job is due in a minute): what is held must never overdraw.
const ctx = rewardsTestContext({ config: testConfigWithDelay(60_000) });

const N = 50;

const account = async (id: string) => {
  const [row] = await ctx.sql`
    select b.points_balance::int, b.cash_balance_cents::int, t.token_amount::int, t.staked_amount::int
    from rewards.user_balances b join rewards.starforge_tokens t using (user_id) where b.user_id = ${id}`;
  return row as { pointsBalance: number; cashBalanceCents: number; tokenAmount: number; stakedAmount: number };
};

const statuses = (results: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

/** Nothing negative anywhere, and every user's balances equal the sum of their ledger. */
const expectInvariants = async () => {
  expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  const [negative] = await ctx.sql`
    select (select count(*) from rewards.user_balances where points_balance < 0 or cash_balance_cents < 0)
         + (select count(*) from rewards.starforge_tokens where token_amount < 0 or staked_amount < 0) as n`;
  expect(Number(negative?.n)).toBe(0);
};

describe(`${N} concurrent requests on one account`, () => {
  it('withdrawals never overdraw: exactly as many succeed as the cash allows', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { cents: 1_000 });
    // 50 × $0.30 against $10.00: 33 fit.
    const results = await Promise.all(
      Array.from({ length: N }, () => callAs(ctx, who, 'POST', '/withdrawals', { body: { wallet_address: WALLET, amount: '0.30' }, key: randomUUID() })),
    );
    expect(statuses(results)).toEqual({ 201: 33, 422: 17 });
    expect((await account(who.id)).cashBalanceCents).toBe(10);
    await expectInvariants();
  });

  it('stakes and unstakes never go below zero on either side', async () => {
    const who = await signIn(ctx);
    await ctx.sql`select rewards.ensure_account(${who.id})`;
    // 1000 FORGE: 50 stakes of 30 (33 fit), then 50 unstakes of 25 from the 990 staked (39 fit).
    const stakes = await Promise.all(Array.from({ length: N }, () => callAs(ctx, who, 'POST', '/tokens/stake', { body: { amount: 30 }, key: randomUUID() })));
    expect(statuses(stakes)).toEqual({ 200: 33, 422: 17 });
    expect(await account(who.id)).toMatchObject({ tokenAmount: 10, stakedAmount: 990 });
    const unstakes = await Promise.all(
      Array.from({ length: N }, () => callAs(ctx, who, 'POST', '/tokens/unstake', { body: { amount: 25 }, key: randomUUID() })),
    );
    expect(statuses(unstakes)).toEqual({ 200: 39, 422: 11 });
    expect(await account(who.id)).toMatchObject({ tokenAmount: 985, stakedAmount: 15 });
    await expectInvariants();
  });

  it('conversions never spend more points than there are', async () => {
    const who = await signIn(ctx);
    // 20,000 points and Weekly Warrior's 200: 50 conversions of 1,000, 20 fit.
    await fund(ctx.sql, who.id, { points: 20_000 });
    const results = await Promise.all(Array.from({ length: N }, () => callAs(ctx, who, 'POST', '/convert', { body: { points: 1_000 }, key: randomUUID() })));
    expect(statuses(results)).toEqual({ 200: 20, 422: 30 });
    expect(await account(who.id)).toMatchObject({ pointsBalance: 200, cashBalanceCents: 2_000 });
    await expectInvariants();
  });

  it('a mix of all four, with credits from other domains arriving, keeps balance = sum(ledger) for every user', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { points: 10_000, cents: 500 });
    const ops = Array.from({ length: N }, (_, i) => {
      const key = randomUUID();
      switch (i % 5) {
        case 0:
          return callAs(ctx, who, 'POST', '/withdrawals', { body: { wallet_address: WALLET, amount: '0.40' }, key });
        case 1:
          return callAs(ctx, who, 'POST', '/tokens/stake', { body: { amount: 100 }, key });
        case 2:
          return callAs(ctx, who, 'POST', '/tokens/unstake', { body: { amount: 50 }, key });
        case 3:
          return callAs(ctx, who, 'POST', '/convert', { body: { points: 1_000 }, key });
        default:
          return ctx.sql`select rewards.credit_cash(${who.id}, 25, 'royalty', 'Royalty', null, ${key})`.then(() => ({ status: 200 }));
      }
    });
    const results = await Promise.all(ops);
    expect(results.every((r) => [200, 201, 422].includes(r.status))).toBe(true);
    await expectInvariants();
  });
});

describe('a burst of the same key', () => {
  it('runs once', async () => {
    const who: TestUser = await signIn(ctx);
    await fund(ctx.sql, who.id, { cents: 10_000 });
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => callAs(ctx, who, 'POST', '/withdrawals', { body: { wallet_address: WALLET, amount: '1.00' }, key })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect((await account(who.id)).cashBalanceCents).toBe(9_900);
  });
});
