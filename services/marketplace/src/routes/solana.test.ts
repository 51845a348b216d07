import { randomUUID } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { checkoutAnswerSchema, marketplaceErrorCodes, marketplaceMessages, priceChangedMessage } from '@starforge/contracts/marketplace';
import { IDEMPOTENT_REPLAYED_HEADER } from '@starforge/contracts/shared';
import { newSolanaReference } from '@starforge/payments/server';
import { forgedSignature, signatureOf } from '@starforge/payments/server/solana/testing/signed-transfer';
import { expectFreshPaymentRequest, expectSolanaPayment, signedTransferFor, solanaPayBody } from '@starforge/payments/server/solana/testing/pay-request';
import { call, errorOf } from '@starforge/test-db/harness';
import {
  callAs,
  goodCard,
  ledgerBreaks,
  listingEventsOf,
  marketplaceTestContext,
  nftWithRoyalty,
  saleLedgerOf,
  salesOf,
  signIn,
  testTreasury,
  transferNft,
  type TestUser,
  withCartItems,
} from '../testing/harness';
import { lamportsOfCents, solanaPaymentRequestSchema, type SolanaPaymentRequest } from '@starforge/payments/wire';
import { solanaPaymentErrorCodes, solanaPaymentMessages } from '@starforge/payments/wire/solana-payment-constants';

const ctx = marketplaceTestContext();

const list = (who: TestUser, nftId: string, price: string) => callAs(ctx, who, 'POST', `/nfts/${nftId}/listing`, { body: { price } });
const addToCart = (who: TestUser, nftId: string) => callAs(ctx, who, 'POST', '/cart', { body: { nft_id: nftId } });
const askToPay = async (who: TestUser, body: Record<string, unknown> = {}) =>
  callAs(ctx, who, 'POST', '/checkout/solana/requests', { body: await withCartItems(ctx, who, body) });
const paySolana = (who: TestUser, body: Record<string, unknown>, key?: string) =>
  callAs(ctx, who, 'POST', '/checkout/solana', { body, ...(key ? { key } : {}) });
const ownerOf = async (nftId: string) =>
  (await ctx.sql<{ currentOwnerId: string }[]>`select current_owner_id from nft.nfts where id = ${nftId}`)[0]?.currentOwnerId;
const paymentsOf = (userId: string) => ctx.sql`select * from marketplace.payments where user_id = ${userId}`;
const requestRow = async (id: string) =>
  (await ctx.sql<{ usedAt: Date | null; paymentId: string | null }[]>`select used_at, payment_id from marketplace.solana_payment_requests where id = ${id}`)[0];

/** An NFT created by `creator` (royalty %), moved to `seller` when another, listed by the seller at `price`. */
const listedNft = async (creator: TestUser, seller: TestUser, price: string, royalty = 5) => {
  const nftId = await nftWithRoyalty(ctx.sql, creator.id, royalty);
  if (seller.id !== creator.id) await transferNft(ctx.sql, nftId, creator.id, seller.id);
  expect((await list(seller, nftId, price)).status).toBe(201);
  return nftId;
};

/** A payment request the buyer asked for (the cart, or `body`'s one NFT). */
const paymentRequest = async (buyer: TestUser, body: Record<string, unknown> = {}): Promise<SolanaPaymentRequest> => {
  const asked = await askToPay(buyer, body);
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return solanaPaymentRequestSchema.parse(asked.body);
};

const signFor = signedTransferFor;

const checkoutBody = solanaPayBody;

/** A seller's listed NFT (creator royalty 7.5 %), in a new buyer's cart, and the buyer's payment request for it. */
const cartReadyToPay = async (price = '10.99') => {
  const [creator, seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx)]);
  const nftId = await listedNft(creator, seller, price, 7.5);
  expect((await addToCart(buyer, nftId)).status).toBe(201);
  const request = await paymentRequest(buyer);
  return { creator, seller, buyer, nftId, request, wallet: Keypair.generate() };
};

/** Nothing of the sale happened: no payment, the NFT still the seller's and listed, no ledger row, the request unused. */
const expectNothingChanged = async (buyer: TestUser, seller: TestUser, nftId: string, requestId: string) => {
  expect(await paymentsOf(buyer.id)).toEqual([]);
  expect(await ownerOf(nftId)).toBe(seller.id);
  expect((await salesOf(ctx.sql, nftId)).map((s) => s.status)).toEqual(['listed']);
  expect(await saleLedgerOf(ctx.sql, nftId)).toEqual([]);
  expect(await requestRow(requestId)).toEqual({ usedAt: null, paymentId: null });
};

describe('a Solana payment request', () => {
  it('prices the cart: the treasury from configuration, the total in lamports, a fresh reference and blockhash, a few minutes to pay', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftIds = [await listedNft(seller, seller, '10.99'), await listedNft(seller, seller, '0.01')];
    for (const nftId of nftIds) await addToCart(buyer, nftId);
    const before = Date.now();
    const request = await paymentRequest(buyer);
    expect(request).toMatchObject({ treasury: testTreasury, total_cents: 1100, lamports: '110000000' });
    expect(BigInt(request.lamports)).toBe(lamportsOfCents(1100));
    expectFreshPaymentRequest(request, before);
    const again = await paymentRequest(buyer);
    expect(again.reference).not.toBe(request.reference);
    expect(again.recent_blockhash).not.toBe(request.recent_blockhash);
    const [row] = await ctx.sql`select user_id, nft_id, price_cents, nft_ids, used_at from marketplace.solana_payment_requests where id = ${request.id}`;
    expect(row).toEqual({ userId: buyer.id, nftId: null, priceCents: null, nftIds: expect.arrayContaining(nftIds), usedAt: null });
  });

  it('prices one NFT (Purchase NFT) at the price the page showed', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(seller, seller, '2.50');
    expect(await paymentRequest(buyer, { nft_id: nftId, price_cents: 250 })).toMatchObject({ total_cents: 250, lamports: '25000000' });
    expect(errorOf(await askToPay(buyer, { nft_id: nftId }))).toMatchObject({ status: 400, message: marketplaceMessages.priceSeenRequired });
    expect(errorOf(await askToPay(buyer, { nft_id: nftId, price_cents: 300 }))).toEqual({
      status: 409,
      code: marketplaceErrorCodes.priceChanged,
      message: priceChangedMessage(250),
    });
  });

  it('is refused as a card checkout is: an empty cart, one’s own NFT, a sold listing; signed out 401', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    expect(errorOf(await askToPay(buyer))).toEqual({ status: 400, code: marketplaceErrorCodes.cartEmpty, message: marketplaceMessages.cartEmpty });
    const nftId = await listedNft(seller, seller, '1.00');
    expect(errorOf(await askToPay(seller, { nft_id: nftId, price_cents: 100 }))).toMatchObject({ status: 400, code: marketplaceErrorCodes.ownNft });
    await callAs(ctx, seller, 'DELETE', `/nfts/${nftId}/listing`);
    expect(errorOf(await askToPay(buyer, { nft_id: nftId, price_cents: 100 }))).toMatchObject({ status: 409, code: marketplaceErrorCodes.listingSold });
    expect((await call(ctx.app, 'POST', '/checkout/solana/requests', { body: {} })).status).toBe(401);
    expect(await ctx.sql`select * from marketplace.solana_payment_requests where user_id = ${buyer.id}`).toEqual([]);
  });
});

describe('paying a request with a signed Solana transfer', () => {
  it('records the payment (transaction, wallet, lamports) and does everything a card checkout does', async () => {
    const { creator, seller, buyer, nftId, request, wallet } = await cartReadyToPay();
    const other = await signIn(ctx);
    await addToCart(other, nftId);
    const transaction = signFor(request, wallet);
    const paid = await paySolana(buyer, checkoutBody(request, wallet, transaction));
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const answer = checkoutAnswerSchema.parse(paid.body);
    expectSolanaPayment(answer.payment, { totalCents: 1099, transaction, wallet, lamports: '109900000' });
    const [row] = await ctx.sql<{ solanaTransactionId: string; amountLamports: string }[]>`
      select solana_transaction_id, amount_lamports from marketplace.payments where id = ${answer.payment.id}`;
    expect(row).toEqual({ solanaTransactionId: answer.payment.solana_transaction_id, amountLamports: '109900000' });
    expect(answer.items).toEqual([expect.objectContaining({ nft_id: nftId, price_cents: 1099, quantity: 1 })]);
    expect(await ownerOf(nftId)).toBe(buyer.id);
    expect((await salesOf(ctx.sql, nftId)).map((s) => [s.status, s.buyerId])).toEqual([['sold', buyer.id]]);
    // floor(1099 * 7.5 / 100) = 82
    const ledger = (await saleLedgerOf(ctx.sql, nftId)).map((r) => [r.userId, r.transactionType, Number(r.amountCents)]);
    expect(ledger).toEqual(
      expect.arrayContaining([
        [creator.id, 'royalty', 82],
        [seller.id, 'sale_proceeds', 1017],
      ]),
    );
    expect(ledger).toHaveLength(2);
    // a verified Solana payment is final: its proceeds are cash at once, nothing pending (a card's wait, card-settlement.test.ts)
    const [sellerBalance] = await ctx.sql<{ cash: string; pending: string }[]>`
      select cash_balance_cents as cash, pending_cash_cents as pending from rewards.user_balances where user_id = ${seller.id}`;
    expect(sellerBalance).toEqual({ cash: '1017', pending: '0' });
    // the buyer's line is gone; another buyer's stays, marked sold on their cart
    expect((await ctx.sql<{ userId: string }[]>`select user_id from marketplace.cart_items where nft_id = ${nftId}`).map((r) => r.userId)).toEqual([other.id]);
    expect((await listingEventsOf(ctx.sql, nftId)).at(-1)).toMatchObject({ nftId, status: 'sold' });
    expect(await requestRow(request.id)).toEqual({ usedAt: expect.any(Date), paymentId: answer.payment.id });
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it("buys one NFT ('Purchase NFT') without the cart", async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(seller, seller, '4.00');
    const request = await paymentRequest(buyer, { nft_id: nftId, price_cents: 400 });
    const wallet = Keypair.generate();
    expect((await paySolana(buyer, checkoutBody(request, wallet, signFor(request, wallet)))).status).toBe(201);
    expect(await ownerOf(nftId)).toBe(buyer.id);
  });

  it('refuses a transaction that does not pay this request, 400 with nothing written: forged, another payer, amount, recipient, reference, blockhash', async () => {
    const { seller, buyer, nftId, request, wallet } = await cartReadyToPay('5.00');
    const other = Keypair.generate();
    const cases: [string, { wallet_address: string; transaction: string }][] = [
      ['forged signature', { wallet_address: wallet.publicKey.toBase58(), transaction: forgedSignature(signFor(request, wallet)) }],
      ['another payer', { wallet_address: wallet.publicKey.toBase58(), transaction: signFor(request, other) }],
      [
        'one lamport short',
        { wallet_address: wallet.publicKey.toBase58(), transaction: signFor(request, wallet, { lamports: BigInt(request.lamports) - 1n }) },
      ],
      ['another recipient', { wallet_address: wallet.publicKey.toBase58(), transaction: signFor(request, wallet, { recipient: newSolanaReference() }) }],
      ['no reference', { wallet_address: wallet.publicKey.toBase58(), transaction: signFor(request, wallet, { reference: null }) }],
      ['another blockhash', { wallet_address: wallet.publicKey.toBase58(), transaction: signFor(request, wallet, { recentBlockhash: newSolanaReference() }) }],
      ['not a transaction', { wallet_address: wallet.publicKey.toBase58(), transaction: Buffer.from('hello').toString('base64') }],
    ];
    for (const [name, body] of cases) {
      expect(errorOf(await paySolana(buyer, { request_id: request.id, ...body })), name).toEqual({
        status: 400,
        code: solanaPaymentErrorCodes.solanaPaymentInvalid,
        message: solanaPaymentMessages.solanaPaymentInvalid,
      });
    }
    await expectNothingChanged(buyer, seller, nftId, request.id);
    // the request is still good for the real transfer
    expect((await paySolana(buyer, checkoutBody(request, wallet, signFor(request, wallet)))).status).toBe(201);
  });

  it('asks for a wallet when the address is not one, and refuses a transaction over the size of a packet', async () => {
    const { buyer, request, wallet } = await cartReadyToPay('1.00');
    expect(errorOf(await paySolana(buyer, { ...checkoutBody(request, wallet, signFor(request, wallet)), wallet_address: '' }))).toMatchObject({
      status: 400,
      message: solanaPaymentMessages.connectWallet,
    });
    expect(errorOf(await paySolana(buyer, checkoutBody(request, wallet, 'A'.repeat(4000))))).toMatchObject({
      status: 400,
      message: solanaPaymentMessages.solanaPaymentInvalid,
    });
  });

  it('refuses the same transaction sent again: with its key the first answer is replayed, with another key 409; one payment', async () => {
    const { buyer, nftId, request, wallet } = await cartReadyToPay('6.00');
    const body = checkoutBody(request, wallet, signFor(request, wallet));
    const first = await paySolana(buyer, body);
    expect(first.status).toBe(201);
    const replayed = await paySolana(buyer, body, first.key ?? undefined);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(replayed.body).toEqual(first.body);
    expect(errorOf(await paySolana(buyer, body))).toEqual({
      status: 409,
      code: solanaPaymentErrorCodes.paymentRequestUsed,
      message: solanaPaymentMessages.paymentRequestUsed,
    });
    expect(await paymentsOf(buyer.id)).toHaveLength(1);
    expect(await ctx.sql`select * from marketplace.payment_items where nft_id = ${nftId}`).toHaveLength(1);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('refuses a transaction under another request than its own (its reference and blockhash), and one already recorded', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const [first, second] = [await listedNft(seller, seller, '2.00'), await listedNft(seller, seller, '2.00')];
    const firstRequest = await paymentRequest(buyer, { nft_id: first, price_cents: 200 });
    const secondRequest = await paymentRequest(buyer, { nft_id: second, price_cents: 200 });
    const wallet = Keypair.generate();
    const transaction = signFor(firstRequest, wallet);
    expect((await paySolana(buyer, checkoutBody(firstRequest, wallet, transaction))).status).toBe(201);
    expect(errorOf(await paySolana(buyer, checkoutBody(secondRequest, wallet, transaction)))).toMatchObject({
      status: 400,
      code: solanaPaymentErrorCodes.solanaPaymentInvalid,
    });
    // The last line: a transaction id is recorded once, whatever request it came under.
    const third = await listedNft(seller, seller, '2.00');
    const thirdRequest = await paymentRequest(buyer, { nft_id: third, price_cents: 200 });
    const thirdTransaction = signFor(thirdRequest, wallet);
    await ctx.sql`
      insert into marketplace.payments (user_id, total_cents, currency, payment_method, transaction_id, solana_transaction_id, solana_wallet_address, amount_lamports, completed_at)
      values (${buyer.id}, 200, 'SOL', 'solana', ${`solana_${randomUUID()}`}, ${signatureOf(thirdTransaction)}, ${wallet.publicKey.toBase58()}, 20000000, now())`;
    expect(errorOf(await paySolana(buyer, checkoutBody(thirdRequest, wallet, thirdTransaction)))).toMatchObject({
      status: 409,
      code: solanaPaymentErrorCodes.paymentRequestUsed,
    });
    expect(await ownerOf(third)).toBe(seller.id);
    expect(await ownerOf(second)).toBe(seller.id);
  });

  it('refuses an expired request (410) and changes nothing', async () => {
    const { seller, buyer, nftId, request, wallet } = await cartReadyToPay('2.00');
    await ctx.sql`update marketplace.solana_payment_requests set created_at = now() - interval '10 minutes', expires_at = now() - interval '1 second' where id = ${request.id}`;
    expect(errorOf(await paySolana(buyer, checkoutBody(request, wallet, signFor(request, wallet))))).toEqual({
      status: 410,
      code: solanaPaymentErrorCodes.paymentRequestExpired,
      message: solanaPaymentMessages.paymentRequestExpired,
    });
    await expectNothingChanged(buyer, seller, nftId, request.id);
  });

  it("does not find another user's request, nor an id no request has (404)", async () => {
    const { seller, buyer, nftId, request } = await cartReadyToPay('2.00');
    const thief = await signIn(ctx);
    const thiefWallet = Keypair.generate();
    const notFound = { status: 404, code: solanaPaymentErrorCodes.paymentRequestNotFound, message: solanaPaymentMessages.paymentRequestNotFound };
    expect(errorOf(await paySolana(thief, checkoutBody(request, thiefWallet, signFor(request, thiefWallet))))).toEqual(notFound);
    expect(errorOf(await paySolana(buyer, { ...checkoutBody(request, thiefWallet, signFor(request, thiefWallet)), request_id: randomUUID() }))).toEqual(
      notFound,
    );
    await expectNothingChanged(buyer, seller, nftId, request.id);
    expect(await paymentsOf(thief.id)).toEqual([]);
  });

  it('pays what the request priced, at the prices it priced: a line added to the cart since is not bought, a new price is refused', async () => {
    const { seller, buyer, nftId, request, wallet } = await cartReadyToPay('2.00');
    const more = await listedNft(seller, seller, '1.00');
    await addToCart(buyer, more);
    // the NFT that was priced, relisted at another price: refused, naming it
    await callAs(ctx, seller, 'DELETE', `/nfts/${nftId}/listing`);
    await list(seller, nftId, '2.50');
    expect(errorOf(await paySolana(buyer, checkoutBody(request, wallet, signFor(request, wallet))))).toEqual({
      status: 409,
      code: marketplaceErrorCodes.priceChanged,
      message: priceChangedMessage(250),
    });
    expect(await paymentsOf(buyer.id)).toEqual([]);
    expect(await ownerOf(nftId)).toBe(seller.id);
    expect(await requestRow(request.id)).toEqual({ usedAt: null, paymentId: null });
    // back at the price the request priced: that NFT alone is bought, the line added since stays
    await callAs(ctx, seller, 'DELETE', `/nfts/${nftId}/listing`);
    await list(seller, nftId, '2.00');
    const paid = checkoutAnswerSchema.parse((await paySolana(buyer, checkoutBody(request, wallet, signFor(request, wallet)))).body);
    expect(paid.items.map((item) => item.nft_id)).toEqual([nftId]);
    expect(await ownerOf(more)).toBe(seller.id);
    expect((await ctx.sql<{ nftId: string }[]>`select nft_id from marketplace.cart_items where user_id = ${buyer.id}`).map((r) => r.nftId)).toEqual([more]);
  });

  it('refuses a request made before the prices it priced were kept: 409 order_changed, nothing paid', async () => {
    const { seller, buyer, nftId, request, wallet } = await cartReadyToPay('2.00');
    await ctx.sql`update marketplace.solana_payment_requests set prices_cents = null where id = ${request.id}`;
    expect(errorOf(await paySolana(buyer, checkoutBody(request, wallet, signFor(request, wallet))))).toEqual({
      status: 409,
      code: marketplaceErrorCodes.orderChanged,
      message: marketplaceMessages.orderChanged,
    });
    await expectNothingChanged(buyer, seller, nftId, request.id);
  });

  it('refuses a one-NFT request whose listing changed price or sold meanwhile', async () => {
    const [seller, buyer, rival] = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(seller, seller, '3.00');
    const request = await paymentRequest(buyer, { nft_id: nftId, price_cents: 300 });
    const wallet = Keypair.generate();
    await callAs(ctx, seller, 'DELETE', `/nfts/${nftId}/listing`);
    await list(seller, nftId, '3.50');
    expect(errorOf(await paySolana(buyer, checkoutBody(request, wallet, signFor(request, wallet))))).toMatchObject({
      status: 409,
      code: marketplaceErrorCodes.priceChanged,
      message: priceChangedMessage(350),
    });
    expect((await callAs(ctx, rival, 'POST', '/checkout/card', { body: { ...goodCard, nft_id: nftId, price_cents: 350 } })).status).toBe(201);
    expect(errorOf(await paySolana(buyer, checkoutBody(request, wallet, signFor(request, wallet))))).toMatchObject({
      status: 409,
      code: marketplaceErrorCodes.listingSold,
    });
    expect(await paymentsOf(buyer.id)).toEqual([]);
  });

  it('answers 401 without a session, and writes nothing', async () => {
    const { seller, buyer, nftId, request, wallet } = await cartReadyToPay('2.00');
    const anonymous = await call(ctx.app, 'POST', '/checkout/solana', { body: checkoutBody(request, wallet, signFor(request, wallet)) });
    expect(anonymous.status).toBe(401);
    await expectNothingChanged(buyer, seller, nftId, request.id);
  });

  it('pays one request once when two payments of it race (different keys): one 201, one 409', async () => {
    const { buyer, nftId, request, wallet } = await cartReadyToPay('2.00');
    const body = checkoutBody(request, wallet, signFor(request, wallet));
    const answers = await Promise.all([paySolana(buyer, body), paySolana(buyer, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(errorOf(answers.find((a) => a.status === 409) ?? answers[0]!).code).toBe(solanaPaymentErrorCodes.paymentRequestUsed);
    expect(await paymentsOf(buyer.id)).toHaveLength(1);
    expect(await ownerOf(nftId)).toBe(buyer.id);
  });

  it('sells an NFT once when a card buyer and a Solana buyer race for it', async () => {
    const { seller, buyer, nftId, request, wallet } = await cartReadyToPay('2.00');
    const cardBuyer = await signIn(ctx);
    const answers = await Promise.all([
      paySolana(buyer, checkoutBody(request, wallet, signFor(request, wallet))),
      callAs(ctx, cardBuyer, 'POST', '/checkout/card', { body: { ...goodCard, nft_id: nftId, price_cents: 200 } }),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s === 201)).toHaveLength(1);
    expect((await salesOf(ctx.sql, nftId)).filter((s) => s.status === 'sold')).toHaveLength(1);
    expect((await saleLedgerOf(ctx.sql, nftId)).filter((r) => r.userId === seller.id)).toHaveLength(1);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });
});
