import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { rewardsSummarySchema, transactionsSchema } from '@starforge/contracts/rewards';
import { callAs, fund, ledgerBreaks, rewardsTestContext, signIn, WALLET, type TestUser } from '../testing/harness';

const ctx = rewardsTestContext();

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000);
const creditPending = (user: string, cents: number, key: string, settlesAt = inAWeek(), kind = 'sale_proceeds') =>
  ctx.sql<{ ok: boolean }[]>`
    select rewards.credit_pending_cash(${user}, ${cents}, ${kind}, 'NFT sold', ${ctx.sql.json({ type: 'nft_sale', id: randomUUID() })}, ${key}, ${settlesAt}) as ok`.then(
    (r) => r[0]?.ok,
  );
const settle = (user: string, key: string) => ctx.sql<{ ok: boolean }[]>`select rewards.settle_cash(${user}, ${key}) as ok`.then((r) => r[0]?.ok);
const summaryOf = async (who: TestUser) => rewardsSummarySchema.parse((await callAs(ctx, who, 'GET', '/summary')).body);
const withdraw = (who: TestUser, amount: string) => callAs(ctx, who, 'POST', '/withdrawals', { body: { wallet_address: WALLET, amount }, key: randomUUID() });
const sqlStateOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return null;
  } catch (error) {
    if (error instanceof postgres.PostgresError) return error.code;
    throw error;
  }
};

describe('pending cash (card proceeds not settled)', () => {
  it('is the user’s but not cash: on the summary with its date, not withdrawable, not spendable; the ledger rule holds', async () => {
    const seller = await signIn(ctx);
    const settlesAt = inAWeek();
    expect(await creditPending(seller.id, 5_000, 'sale:s1:proceeds', settlesAt)).toBe(true);
    expect(await creditPending(seller.id, 5_000, 'sale:s1:proceeds', settlesAt)).toBe(false);
    const summary = await summaryOf(seller);
    expect(summary).toMatchObject({ cash_balance_cents: 0, total_earned_cents: 0, pending_cash_cents: 5_000 });
    expect(Date.parse(summary.next_settlement_at ?? '')).toBe(settlesAt.getTime());
    // the statement shows the row pending, with the date it settles
    const { transactions } = transactionsSchema.parse((await callAs(ctx, seller, 'GET', '/transactions')).body);
    expect(transactions[0]).toMatchObject({ transaction_type: 'sale_proceeds', amount_cents: 5_000, status: 'pending', completed_at: null });
    expect(Date.parse(transactions[0]?.settles_at ?? '')).toBe(settlesAt.getTime());
    // a withdrawal of it is refused, and so is any debit (a bounty funded from it)
    expect(await withdraw(seller, '50.00')).toMatchObject({ status: 422 });
    expect(await withdraw(seller, '0.01')).toMatchObject({ status: 422 });
    expect(await sqlStateOf(ctx.sql`select rewards.debit_cash(${seller.id}, 100, 'bounty_reward', 'Bounty held', null, ${randomUUID()})`)).toBe('RW002');
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('settles once by its key: into cash and total earned, then withdrawable', async () => {
    const seller = await signIn(ctx);
    await creditPending(seller.id, 2_500, 'sale:s2:proceeds');
    await creditPending(seller.id, 700, 'sale:s3:proceeds');
    expect(await settle(seller.id, 'sale:s2:proceeds')).toBe(true);
    expect(await settle(seller.id, 'sale:s2:proceeds')).toBe(false);
    expect(await settle(seller.id, 'sale:nothing:proceeds')).toBe(false);
    expect(await summaryOf(seller)).toMatchObject({ cash_balance_cents: 2_500, total_earned_cents: 2_500, pending_cash_cents: 700 });
    const [row] = await ctx.sql<{ status: string; completedAt: Date | null }[]>`
      select status, completed_at from rewards.transactions where user_id = ${seller.id} and idempotency_key = 'sale:s2:proceeds'`;
    expect(row).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
    // the settled part can leave, the pending part cannot
    expect(await withdraw(seller, '25.01')).toMatchObject({ status: 422 });
    expect(await withdraw(seller, '25.00')).toMatchObject({ status: 201 });
    expect(await summaryOf(seller)).toMatchObject({ cash_balance_cents: 0, pending_cash_cents: 700 });
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('leaves other credits as they were: a bounty reward is cash at once', async () => {
    const claimer = await signIn(ctx);
    await fund(ctx.sql, claimer.id, { cents: 1_000 });
    expect(await summaryOf(claimer)).toMatchObject({ cash_balance_cents: 1_000, pending_cash_cents: 0, next_settlement_at: null });
    expect(await withdraw(claimer, '10.00')).toMatchObject({ status: 201 });
  });

  it('refuses what is not a pending credit: another kind, no settlement time, a negative amount; zero moves nothing', async () => {
    const user = await signIn(ctx);
    expect(await sqlStateOf(creditPending(user.id, 100, randomUUID(), inAWeek(), 'bounty_reward'))).toBe('22023');
    expect(await sqlStateOf(ctx.sql`select rewards.credit_pending_cash(${user.id}, 100, 'royalty', 'Royalty', null, ${randomUUID()}, null)`)).toBe('22023');
    expect(await sqlStateOf(creditPending(user.id, -1, randomUUID()))).toBe('22023');
    expect(await creditPending(user.id, 0, randomUUID())).toBe(false);
    expect(await ctx.sql`select * from rewards.transactions where user_id = ${user.id}`).toEqual([]);
  });

  it('is counted by ledger_breaks: a pending balance its ledger does not hold is reported', async () => {
    const user = await signIn(ctx);
    await creditPending(user.id, 300, randomUUID());
    await ctx.sql`update rewards.user_balances set pending_cash_cents = pending_cash_cents + 1 where user_id = ${user.id}`;
    expect((await ledgerBreaks(ctx.sql)).map((r) => r.userId)).toEqual([user.id]);
    await ctx.sql`update rewards.user_balances set pending_cash_cents = pending_cash_cents - 1 where user_id = ${user.id}`;
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });
});
