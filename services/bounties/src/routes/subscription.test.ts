import { afterEach, describe, expect, it, vi } from 'vitest';
import { bountiesErrorCodes, bountiesMessages, PRO_PLAN_PRICE_CENTS, subscriptionAnswerSchema, upgradeAnswerSchema } from '@starforge/contracts/bounties';
import { IDEMPOTENT_REPLAYED_HEADER } from '@starforge/contracts/shared';
import { jsonWithout, requestFingerprint } from '@starforge/service-kit';
import { captureOutput, expectNoTableHoldsCard } from '@starforge/payments/server/testing/card-secrets';
import { call, errorOf } from '@starforge/test-db/harness';
import { isPro } from '../domain/plans';
import { bountiesTestContext, callAs, goodCard, ledgerBreaks, signIn, type TestUser } from '../testing/harness';
import { cardPaymentMessages } from '@starforge/payments/wire';

const ctx = bountiesTestContext();

const readPlan = async (who: TestUser) => {
  const res = await callAs(ctx, who, 'GET', '/subscription');
  expect(res.status).toBe(200);
  return subscriptionAnswerSchema.parse(res.body).subscription;
};
const upgrade = (who: TestUser, body: Record<string, unknown> = goodCard, key?: string) =>
  callAs(ctx, who, 'POST', '/subscription/upgrade/card', { body, ...(key ? { key } : {}) });
const downgrade = (who: TestUser) => callAs(ctx, who, 'POST', '/subscription/downgrade');
const paymentsOf = (userId: string) => ctx.sql`select * from bounties.payments where user_id = ${userId}`;
const planEventsOf = async (userId: string) =>
  (
    await ctx.sql<{ data: unknown }[]>`
      select data from events.events where user_id = ${userId} and type = 'bounties.subscription_changed' order by id`
  ).map((r) => r.data);

afterEach(() => vi.restoreAllMocks());

describe('the plan', () => {
  it('is Free with no row: active, never started', async () => {
    const user = await signIn(ctx);
    expect(await readPlan(user)).toEqual({ plan: 'free', is_active: true, started_at: null, updated_at: null });
    expect(await isPro(ctx.sql, user.id)).toBe(false);
  });

  it('needs a session (401), for reading and for every change', async () => {
    expect((await call(ctx.app, 'GET', '/subscription')).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/subscription/upgrade/card', { body: goodCard })).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/subscription/upgrade/solana/requests')).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/subscription/downgrade')).status).toBe(401);
  });
});

describe('upgrading by card', () => {
  it('records the $29 (brand and last 4, no ledger row) and makes the user Pro from now; the user’s tabs are told', async () => {
    const user = await signIn(ctx);
    const before = Date.now();
    const res = await upgrade(user, { ...goodCard, card_number: '5555 5555 5555 4444' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answer = upgradeAnswerSchema.parse(res.body);
    expect(answer.subscription).toMatchObject({ plan: 'pro', is_active: true });
    expect(Date.parse(answer.subscription.started_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(answer.payment).toMatchObject({
      total_cents: PRO_PLAN_PRICE_CENTS,
      currency: 'USD',
      payment_method: 'credit_card',
      status: 'completed',
      card_brand: 'mastercard',
      card_last4: '4444',
      solana_transaction_id: null,
      solana_wallet_address: null,
      amount_lamports: null,
    });
    expect(answer.payment.transaction_id).toMatch(/^card_[0-9a-f]{24}$/);
    expect(await readPlan(user)).toEqual(answer.subscription);
    expect(await isPro(ctx.sql, user.id)).toBe(true);
    const [row] = await paymentsOf(user.id);
    expect(row).toMatchObject({ id: answer.payment.id, totalCents: '2900', cardBrand: 'mastercard', cardLast4: '4444', idempotencyKey: res.key });
    expect(await ctx.sql`select * from rewards.transactions where user_id = ${user.id}`).toEqual([]);
    expect(await planEventsOf(user.id)).toEqual([{ plan: 'pro' }]);
  });

  it('takes a debit card too', async () => {
    const user = await signIn(ctx);
    const res = await upgrade(user, { ...goodCard, payment_method: 'debit_card' });
    expect(upgradeAnswerSchema.parse(res.body).payment.payment_method).toBe('debit_card');
  });

  it('refuses an upgrade of a Pro user, 409 already_pro, charging nothing', async () => {
    const user = await signIn(ctx);
    const first = upgradeAnswerSchema.parse((await upgrade(user)).body);
    expect(errorOf(await upgrade(user))).toEqual({ status: 409, code: bountiesErrorCodes.alreadyPro, message: bountiesMessages.alreadyPro });
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect((await readPlan(user)).started_at).toBe(first.subscription.started_at);
  });

  it('replays the first answer for the same Idempotency-Key, even with another card (the key covers the rest of the body)', async () => {
    const user = await signIn(ctx);
    const first = await upgrade(user);
    expect(first.status).toBe(201);
    const again = await upgrade(user, { ...goodCard, card_number: '5555 5555 5555 4444' }, first.key ?? undefined);
    expect([again.status, again.body]).toEqual([201, first.body]);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    const [kept] = await ctx.sql<{ fingerprint: Buffer }[]>`
      select fingerprint from bounties.idempotency_keys where user_id = ${user.id} and key = ${first.key}`;
    const withoutSecrets = jsonWithout('card_number', 'cvv')(Buffer.from(JSON.stringify(goodCard)));
    expect(kept?.fingerprint).toEqual(requestFingerprint('POST', '/api/bounties/subscription/upgrade/card', withoutSecrets));
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });

  it('upgrades once when two upgrades of one user race (different keys): one 201, one 409', async () => {
    const user = await signIn(ctx);
    const answers = await Promise.all([upgrade(user), upgrade(user)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect(await planEventsOf(user.id)).toEqual([{ plan: 'pro' }]);
  });

  it('reads the card as the marketplace does: every field required, then the number, expiry and cvv checked', async () => {
    const user = await signIn(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...goodCard, card_number: '' }, cardPaymentMessages.fillPaymentDetails],
      [{ payment_method: 'credit_card' }, cardPaymentMessages.fillPaymentDetails],
      [{ ...goodCard, payment_method: 'solana' }, cardPaymentMessages.fillPaymentDetails],
      [{ ...goodCard, card_number: '4242 4242 4242 4241' }, cardPaymentMessages.invalidCardNumber],
      [{ ...goodCard, expiry: '13/30' }, cardPaymentMessages.invalidExpiry],
      [{ ...goodCard, expiry: '01/20' }, cardPaymentMessages.cardExpired],
      [{ ...goodCard, cvv: '12' }, cardPaymentMessages.invalidCvv],
    ];
    for (const [body, message] of cases) expect(errorOf(await upgrade(user, body)), JSON.stringify(body)).toMatchObject({ status: 400, message });
    expect(await paymentsOf(user.id)).toEqual([]);
    expect((await readPlan(user)).plan).toBe('free');
  });

  it('never lets the card number or cvv reach a log line, an answer or a table', async () => {
    const { logged, stop } = captureOutput();
    const user = await signIn(ctx);
    const number = '4000 0566 5566 5556';
    const digits = number.replace(/ /g, '');
    const cvv = '9876';
    const answers = [
      await upgrade(user, { ...goodCard, card_number: '4000 0566 5566 5557', cvv }), // Luhn fails
      await upgrade(user, { ...goodCard, card_number: number, cvv: '98a76' }), // cvv fails
      await upgrade(user, { ...goodCard, card_number: number, cvv, expiry: '01/20' }), // expired
      await upgrade(user, { ...goodCard, card_number: number, cvv }), // paid
      await upgrade(user, { ...goodCard, card_number: number, cvv }), // already Pro
    ];
    stop();
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 201, 409]);
    const seen = [...logged, ...answers.map((a) => JSON.stringify(a.body))].join('\n');
    for (const secret of [digits, '400005665566555', number, cvv, '98a76']) expect(seen).not.toContain(secret);
    expect(JSON.stringify(answers[3]?.body)).toContain('"card_last4":"5556"');
    const tables = await expectNoTableHoldsCard(ctx.sql, ['bounties', 'rewards', 'events'], { digits, cvv });
    expect(tables.map((t) => t.tableName)).toEqual(expect.arrayContaining(['payments', 'idempotency_keys']));
  });
});

describe('downgrading', () => {
  it('takes a Pro user back to Free (active, no start), keeps the payment, tells the tabs; a Free user is refused 409 not_pro', async () => {
    const user = await signIn(ctx);
    expect(errorOf(await downgrade(user))).toEqual({ status: 409, code: bountiesErrorCodes.notPro, message: bountiesMessages.notPro });
    await upgrade(user);
    const res = await downgrade(user);
    expect(res.status).toBe(200);
    const { subscription } = subscriptionAnswerSchema.parse(res.body);
    expect(subscription).toMatchObject({ plan: 'free', is_active: true, started_at: null });
    expect(subscription.updated_at).not.toBeNull();
    expect(await readPlan(user)).toEqual(subscription);
    expect(await isPro(ctx.sql, user.id)).toBe(false);
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect(await planEventsOf(user.id)).toEqual([{ plan: 'pro' }, { plan: 'free' }]);
    expect(errorOf(await downgrade(user))).toMatchObject({ status: 409, code: bountiesErrorCodes.notPro });
    // and upgrading again is a new payment, a new start
    expect((await upgrade(user)).status).toBe(201);
    expect(await paymentsOf(user.id)).toHaveLength(2);
  });
});

describe('two users', () => {
  it('never see or change each other’s plan', async () => {
    const [ada, bob] = await Promise.all([signIn(ctx), signIn(ctx)]);
    await upgrade(ada);
    expect((await readPlan(ada)).plan).toBe('pro');
    expect((await readPlan(bob)).plan).toBe('free');
    expect(errorOf(await downgrade(bob))).toMatchObject({ code: bountiesErrorCodes.notPro });
    expect((await readPlan(ada)).plan).toBe('pro');
    expect((await upgrade(bob)).status).toBe(201);
    expect((await downgrade(ada)).status).toBe(200);
    expect((await readPlan(bob)).plan).toBe('pro');
    expect(await planEventsOf(bob.id)).toEqual([{ plan: 'pro' }]);
    expect(await paymentsOf(bob.id)).toHaveLength(1);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });
});
