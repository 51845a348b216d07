import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutAnswerSchema } from '@starforge/contracts/marketplace';
import { type CardProcessor, simulatedCardProcessor } from '@starforge/payments/server';
import { call } from '@starforge/test-db/harness';
import { settleCardPayment } from '../domain/card-settlement';
import { eventually, ledgerBreaks, marketplaceTestContext, nftWithRoyalty, payByCard, signIn, transferNft } from '../testing/harness';
import { CARD_SETTLEMENT_DAYS, cardProcessorSchema } from '@starforge/payments/wire';

const DAY_MS = 86_400_000;
/** The simulated processor on a clock the tests move, with a settlement delay they may change. */
const clock = { shiftMs: 0, days: CARD_SETTLEMENT_DAYS };
const simulated = () => simulatedCardProcessor({ settlementDays: clock.days, now: () => new Date(Date.now() + clock.shiftMs) });
const processor: CardProcessor = {
  mode: 'simulated',
  settlementDays: CARD_SETTLEMENT_DAYS,
  charge: (input) => simulated().charge(input),
  settlement: (charge) => simulated().settlement(charge),
};

const ctx = marketplaceTestContext({ cardProcessor: processor });

const WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const balancesOf = async (userId: string) => {
  const [row] = await ctx.sql<{ cash: string; pending: string }[]>`
    select cash_balance_cents as cash, pending_cash_cents as pending from rewards.user_balances where user_id = ${userId}`;
  return { cash: Number(row?.cash ?? 0), pending: Number(row?.pending ?? 0) };
};
/** What /withdrawal does in the database: hold the cash, or refuse (RW005). */
const withdrawalState = async (userId: string, cents: number) => {
  try {
    await ctx.sql`select * from rewards._request_withdrawal(${userId}, ${cents}, ${WALLET})`;
    return 'held';
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

/** A $100.00 NFT created by one user (royalty 5 %), sold by another, bought by card by a third. */
const cardSale = async () => {
  const [creator, seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx)]);
  const nftId = await nftWithRoyalty(ctx.sql, creator.id, 5);
  await transferNft(ctx.sql, nftId, creator.id, seller.id);
  await ctx.sql`insert into marketplace.nft_sales (nft_id, seller_id, price_cents) values (${nftId}, ${seller.id}, 10000)`;
  const paid = await payByCard(ctx, buyer, { nft_id: nftId, price_cents: 10_000 });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return { creator, seller, buyer, nftId, payment: checkoutAnswerSchema.parse(paid.body).payment };
};

describe('card payments settle before their proceeds are cash', () => {
  it('names its processor: simulated, with the days a payment takes to settle (public)', async () => {
    const answer = await call(ctx.app, 'GET', '/card-processor');
    expect(answer.status).toBe(200);
    expect(cardProcessorSchema.parse(answer.body)).toEqual({ mode: 'simulated', settlement_days: CARD_SETTLEMENT_DAYS });
  });

  it("keeps a card sale's proceeds pending until it settles: the seller cannot withdraw them; then they are cash, once", async () => {
    clock.shiftMs = 0;
    const { creator, seller, payment } = await cardSale();
    const [row] = await ctx.sql<{ processorMode: string; settlesAt: Date; settledAt: Date | null; transactionId: string }[]>`
      select processor_mode, settles_at, settled_at, transaction_id from marketplace.payments where id = ${payment.id}`;
    expect(row?.processorMode).toBe('simulated');
    expect(row?.settledAt).toBeNull();
    expect(row?.transactionId).toMatch(/^card_sim_[0-9a-f]{24}$/);
    expect(Math.abs((row?.settlesAt.getTime() ?? 0) - (Date.now() + CARD_SETTLEMENT_DAYS * DAY_MS))).toBeLessThan(60_000);
    expect(await balancesOf(seller.id)).toEqual({ cash: 0, pending: 9_500 });
    expect(await balancesOf(creator.id)).toEqual({ cash: 0, pending: 500 });
    expect(await withdrawalState(seller.id, 9_499)).toBe('RW005');
    expect(await withdrawalState(seller.id, 1)).toBe('RW005');
    // the job is waiting for the settlement date, in the service's durable queue
    const [job] = await ctx.sql<{ startAfter: Date }[]>`
      select start_after from ${ctx.sql(ctx.cards.jobs.schema)}.job where name = 'card-payment.settle' and data ->> 'paymentId' = ${payment.id}`;
    expect(job?.startAfter.getTime()).toBe(row?.settlesAt.getTime());

    // before the date the processor says not yet: nothing moves
    expect(await settleCardPayment(ctx.sql, ctx.cards, payment.id)).toBe(false);
    expect(await balancesOf(seller.id)).toEqual({ cash: 0, pending: 9_500 });

    clock.shiftMs = CARD_SETTLEMENT_DAYS * DAY_MS + 1_000;
    expect(await settleCardPayment(ctx.sql, ctx.cards, payment.id)).toBe(true);
    expect(await settleCardPayment(ctx.sql, ctx.cards, payment.id)).toBe(false);
    expect(await balancesOf(seller.id)).toEqual({ cash: 9_500, pending: 0 });
    expect(await balancesOf(creator.id)).toEqual({ cash: 500, pending: 0 });
    expect(await withdrawalState(seller.id, 9_500)).toBe('held');
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
    clock.shiftMs = 0;
  });

  it('is settled by the durable job when its date comes (here: a processor that settles at once)', async () => {
    clock.days = 0;
    const { seller, payment } = await cardSale();
    await eventually(async () => expect(await balancesOf(seller.id)).toEqual({ cash: 9_500, pending: 0 }));
    const [row] = await ctx.sql<{ settledAt: Date | null }[]>`select settled_at from marketplace.payments where id = ${payment.id}`;
    expect(row?.settledAt).toBeInstanceOf(Date);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
    clock.days = CARD_SETTLEMENT_DAYS;
  });

  it('a settlement of an unknown payment changes nothing', async () => {
    expect(await settleCardPayment(ctx.sql, ctx.cards, randomUUID())).toBe(false);
  });
});
