import { randomUUID } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { bountiesErrorCodes, PRO_PLAN_PRICE_CENTS, upgradeAnswerSchema } from '@starforge/contracts/bounties';
import { IDEMPOTENT_REPLAYED_HEADER } from '@starforge/contracts/shared';
import { newSolanaReference } from '@starforge/payments/server';
import { forgedSignature, signatureOf } from '@starforge/payments/server/solana/testing/signed-transfer';
import {
  expectFreshPaymentRequest,
  expectSolanaPayment,
  recordingSettlement,
  signedTransferFor,
  solanaPayBody,
} from '@starforge/payments/server/solana/testing/pay-request';
import { call, errorOf } from '@starforge/test-db/harness';
import { bountiesTestContext, callAs, goodCard, signIn, testTreasury, type TestUser } from '../testing/harness';
import { lamportsOfCents, solanaPaymentRequestSchema, type SolanaPaymentRequest } from '@starforge/payments/wire';
import { solanaPaymentErrorCodes, solanaPaymentMessages } from '@starforge/payments/wire/solana-payment-constants';

/** A network stand-in: records what it is asked to settle, and refuses while `refuse` is set. */
const { network, settlement } = recordingSettlement();

const ctx = bountiesTestContext({ solanaSettlement: settlement });

const askToPay = (who: TestUser) => callAs(ctx, who, 'POST', '/subscription/upgrade/solana/requests');
const paySolana = (who: TestUser, body: Record<string, unknown>, key?: string) =>
  callAs(ctx, who, 'POST', '/subscription/upgrade/solana', { body, ...(key ? { key } : {}) });
const paymentsOf = (userId: string) => ctx.sql`select * from bounties.payments where user_id = ${userId}`;
const planOf = async (userId: string) =>
  (await ctx.sql<{ subscriptionTier: string }[]>`select subscription_tier from bounties.user_subscriptions where user_id = ${userId}`)[0]?.subscriptionTier ??
  'free';
const requestRow = async (id: string) =>
  (await ctx.sql<{ usedAt: Date | null; paymentId: string | null }[]>`select used_at, payment_id from bounties.solana_payment_requests where id = ${id}`)[0];

const paymentRequest = async (who: TestUser): Promise<SolanaPaymentRequest> => {
  const asked = await askToPay(who);
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return solanaPaymentRequestSchema.parse(asked.body);
};

const signFor = signedTransferFor;

const payBody = solanaPayBody;

/** A Free user's request for the $29, and a wallet to pay it. */
const readyToPay = async () => {
  const user = await signIn(ctx);
  return { user, request: await paymentRequest(user), wallet: Keypair.generate() };
};

/** Nothing of the upgrade happened: no payment, still Free, the request unused. */
const expectNothingChanged = async (user: TestUser, requestId: string) => {
  expect(await paymentsOf(user.id)).toEqual([]);
  expect(await planOf(user.id)).toBe('free');
  expect(await requestRow(requestId)).toEqual({ usedAt: null, paymentId: null });
};

const invalid = { status: 400, code: solanaPaymentErrorCodes.solanaPaymentInvalid, message: solanaPaymentMessages.solanaPaymentInvalid };

describe("the Pro plan's Solana payment request", () => {
  it('asks the $29 in lamports ($29 / 100 in SOL) to the treasury, with a fresh reference and blockhash, a few minutes to pay', async () => {
    const user = await signIn(ctx);
    const before = Date.now();
    const request = await paymentRequest(user);
    expect(request).toMatchObject({ treasury: testTreasury, total_cents: PRO_PLAN_PRICE_CENTS, lamports: lamportsOfCents(PRO_PLAN_PRICE_CENTS).toString() });
    expect(request.lamports).toBe('290000000');
    expectFreshPaymentRequest(request, before);
    const again = await paymentRequest(user);
    expect(again.reference).not.toBe(request.reference);
    expect(await ctx.sql`select user_id, total_cents, used_at from bounties.solana_payment_requests where id = ${request.id}`).toEqual([
      { userId: user.id, totalCents: '2900', usedAt: null },
    ]);
  });

  it('is refused to a Pro user (409 already_pro): nothing to pay for', async () => {
    const user = await signIn(ctx);
    expect((await callAs(ctx, user, 'POST', '/subscription/upgrade/card', { body: goodCard })).status).toBe(201);
    expect(errorOf(await askToPay(user))).toMatchObject({ status: 409, code: bountiesErrorCodes.alreadyPro });
    expect(await ctx.sql`select * from bounties.solana_payment_requests where user_id = ${user.id}`).toEqual([]);
  });
});

describe('upgrading with a signed Solana transfer', () => {
  it('records the payment (transaction, wallet, lamports) and makes the user Pro; the settlement got the verified bytes', async () => {
    network.settled = [];
    const { user, request, wallet } = await readyToPay();
    const transaction = signFor(request, wallet);
    const paid = await paySolana(user, payBody(request, wallet, transaction));
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const answer = upgradeAnswerSchema.parse(paid.body);
    expect(answer.subscription).toMatchObject({ plan: 'pro', is_active: true });
    expect(answer.subscription.started_at).not.toBeNull();
    expectSolanaPayment(answer.payment, { totalCents: PRO_PLAN_PRICE_CENTS, transaction, wallet, lamports: '290000000' });
    expect(await planOf(user.id)).toBe('pro');
    expect(await requestRow(request.id)).toEqual({ usedAt: expect.any(Date), paymentId: answer.payment.id });
    expect(network.settled).toEqual([
      {
        wire: Buffer.from(transaction, 'base64'),
        expect: { signature: signatureOf(transaction), blockhash: request.recent_blockhash, lastValidBlockHeight: null },
      },
    ]);
    expect(await ctx.sql`select data from events.events where user_id = ${user.id} and type = 'bounties.subscription_changed'`).toEqual([
      { data: { plan: 'pro' } },
    ]);
  });

  it('refuses a transaction that does not pay this request, 400 with nothing written: forged, another payer, amount, recipient, reference, blockhash', async () => {
    const { user, request, wallet } = await readyToPay();
    const other = Keypair.generate();
    const address = wallet.publicKey.toBase58();
    const cases: [string, string][] = [
      ['forged signature', forgedSignature(signFor(request, wallet))],
      ['another payer', signFor(request, other)],
      ['one lamport short', signFor(request, wallet, { lamports: BigInt(request.lamports) - 1n })],
      ['one lamport more', signFor(request, wallet, { lamports: BigInt(request.lamports) + 1n })],
      ['another recipient', signFor(request, wallet, { recipient: newSolanaReference() })],
      ['no reference', signFor(request, wallet, { reference: null })],
      ['another blockhash', signFor(request, wallet, { recentBlockhash: newSolanaReference() })],
      ['not a transaction', Buffer.from('hello').toString('base64')],
    ];
    for (const [name, transaction] of cases) {
      expect(errorOf(await paySolana(user, { request_id: request.id, wallet_address: address, transaction })), name).toEqual(invalid);
    }
    await expectNothingChanged(user, request.id);
    // the request is still good for the real transfer
    expect((await paySolana(user, payBody(request, wallet, signFor(request, wallet)))).status).toBe(201);
  });

  it('asks for a wallet when the address is not one', async () => {
    const { user, request, wallet } = await readyToPay();
    expect(errorOf(await paySolana(user, { ...payBody(request, wallet, signFor(request, wallet)), wallet_address: '' }))).toMatchObject({
      status: 400,
      message: solanaPaymentMessages.connectWallet,
    });
  });

  it('refuses the same transaction sent again: with its key the first answer is replayed, with another key 409; one payment', async () => {
    const { user, request, wallet } = await readyToPay();
    const body = payBody(request, wallet, signFor(request, wallet));
    const first = await paySolana(user, body);
    expect(first.status).toBe(201);
    const replayed = await paySolana(user, body, first.key ?? undefined);
    expect([replayed.status, replayed.body]).toEqual([201, first.body]);
    expect(replayed.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(errorOf(await paySolana(user, body))).toEqual({
      status: 409,
      code: solanaPaymentErrorCodes.paymentRequestUsed,
      message: solanaPaymentMessages.paymentRequestUsed,
    });
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });

  it('refuses a transaction under another request than its own, and one already recorded under any request', async () => {
    const user = await signIn(ctx);
    const [first, second] = [await paymentRequest(user), await paymentRequest(user)];
    const wallet = Keypair.generate();
    const transaction = signFor(first, wallet);
    expect(errorOf(await paySolana(user, payBody(second, wallet, transaction)))).toEqual(invalid);
    // A transaction id is recorded once: one already in the table is refused whatever the checks before.
    const recorded = signFor(second, wallet);
    await ctx.sql`
      insert into bounties.payments (user_id, total_cents, currency, payment_method, transaction_id, solana_transaction_id, solana_wallet_address, amount_lamports, completed_at)
      values (${user.id}, 2900, 'SOL', 'solana', ${`solana_${randomUUID()}`}, ${signatureOf(recorded)}, ${wallet.publicKey.toBase58()}, 290000000, now())`;
    expect(errorOf(await paySolana(user, payBody(second, wallet, recorded)))).toMatchObject({ status: 409, code: solanaPaymentErrorCodes.paymentRequestUsed });
    expect(await planOf(user.id)).toBe('free');
    expect(await requestRow(second.id)).toEqual({ usedAt: null, paymentId: null });
  });

  it('refuses an expired request (410) and changes nothing', async () => {
    const { user, request, wallet } = await readyToPay();
    await ctx.sql`update bounties.solana_payment_requests set created_at = now() - interval '10 minutes', expires_at = now() - interval '1 second' where id = ${request.id}`;
    expect(errorOf(await paySolana(user, payBody(request, wallet, signFor(request, wallet))))).toEqual({
      status: 410,
      code: solanaPaymentErrorCodes.paymentRequestExpired,
      message: solanaPaymentMessages.paymentRequestExpired,
    });
    await expectNothingChanged(user, request.id);
  });

  it("does not find another user's request, nor an id no request has (404); the thief stays Free", async () => {
    const { user, request } = await readyToPay();
    const thief = await signIn(ctx);
    const thiefWallet = Keypair.generate();
    const notFound = { status: 404, code: solanaPaymentErrorCodes.paymentRequestNotFound, message: solanaPaymentMessages.paymentRequestNotFound };
    expect(errorOf(await paySolana(thief, payBody(request, thiefWallet, signFor(request, thiefWallet))))).toEqual(notFound);
    expect(errorOf(await paySolana(user, { ...payBody(request, thiefWallet, signFor(request, thiefWallet)), request_id: randomUUID() }))).toEqual(notFound);
    await expectNothingChanged(user, request.id);
    expect(await planOf(thief.id)).toBe('free');
    expect(await paymentsOf(thief.id)).toEqual([]);
  });

  it('refuses to pay when the user became Pro meanwhile (409 already_pro), before anything reaches the network', async () => {
    const { user, request, wallet } = await readyToPay();
    expect((await callAs(ctx, user, 'POST', '/subscription/upgrade/card', { body: goodCard })).status).toBe(201);
    network.settled = [];
    expect(errorOf(await paySolana(user, payBody(request, wallet, signFor(request, wallet))))).toMatchObject({
      status: 409,
      code: bountiesErrorCodes.alreadyPro,
    });
    expect(network.settled).toEqual([]);
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect(await requestRow(request.id)).toEqual({ usedAt: null, paymentId: null });
  });

  it('refused by the network: 400 solana_payment_failed, nothing written, the request still payable', async () => {
    const { user, request, wallet } = await readyToPay();
    const body = payBody(request, wallet, signFor(request, wallet));
    network.refuse = true;
    try {
      expect(errorOf(await paySolana(user, body))).toEqual({
        status: 400,
        code: solanaPaymentErrorCodes.solanaPaymentFailed,
        message: solanaPaymentMessages.solanaPaymentFailed,
      });
    } finally {
      network.refuse = false;
    }
    await expectNothingChanged(user, request.id);
    expect((await paySolana(user, body)).status).toBe(201);
  });

  it('upgrades once when two payments of one request race (different keys): one 201, one 409', async () => {
    const { user, request, wallet } = await readyToPay();
    const body = payBody(request, wallet, signFor(request, wallet));
    const answers = await Promise.all([paySolana(user, body), paySolana(user, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });

  it('answers 401 without a session, and writes nothing', async () => {
    const { user, request, wallet } = await readyToPay();
    expect((await call(ctx.app, 'POST', '/subscription/upgrade/solana', { body: payBody(request, wallet, signFor(request, wallet)) })).status).toBe(401);
    await expectNothingChanged(user, request.id);
  });
});
