import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketplaceMessages } from '@starforge/contracts/marketplace';
import { cardPaymentMessages } from '@starforge/payments/wire';
import { jsonWithout, requestFingerprint } from '@starforge/service-kit';
import { captureOutput, expectNoTableHoldsCard } from '@starforge/payments/server/testing/card-secrets';
import { errorOf } from '@starforge/test-db/harness';
import { cardPaymentSchema } from '../domain/card-payment';
import { callAs, goodCard, marketplaceTestContext, mintedNft, signIn, type TestUser } from '../testing/harness';

const ctx = marketplaceTestContext();

const pay = (who: TestUser, body: Record<string, unknown>) => callAs(ctx, who, 'POST', '/checkout/card', { body });
const twoYearsAgo = `${String(new Date().getUTCMonth() + 1).padStart(2, '0')}/${String((new Date().getUTCFullYear() - 2) % 100).padStart(2, '0')}`;
const lastMonth = (() => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;
})();
const thisMonth = `${String(new Date().getUTCMonth() + 1).padStart(2, '0')}/${String(new Date().getUTCFullYear() % 100).padStart(2, '0')}`;

afterEach(() => vi.restoreAllMocks());

describe('the card form over the route', () => {
  it('names what is wrong, first that every field is required', async () => {
    const buyer = await signIn(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...goodCard, card_number: '' }, cardPaymentMessages.fillPaymentDetails],
      [{ ...goodCard, cvv: '  ' }, cardPaymentMessages.fillPaymentDetails],
      [{ payment_method: 'credit_card' }, cardPaymentMessages.fillPaymentDetails],
      [{ ...goodCard, cardholder_name: undefined }, cardPaymentMessages.fillPaymentDetails],
      [{ ...goodCard, payment_method: 'cash' }, cardPaymentMessages.fillPaymentDetails],
      [{ ...goodCard, card_number: '4242 4242 4242 4241' }, cardPaymentMessages.invalidCardNumber],
      [{ ...goodCard, card_number: '4242-4242-4242-4242' }, cardPaymentMessages.invalidCardNumber],
      [{ ...goodCard, card_number: '42424242424' }, cardPaymentMessages.invalidCardNumber],
      [{ ...goodCard, expiry: '13/30' }, cardPaymentMessages.invalidExpiry],
      [{ ...goodCard, expiry: '1230' }, cardPaymentMessages.invalidExpiry],
      [{ ...goodCard, expiry: twoYearsAgo }, cardPaymentMessages.cardExpired],
      [{ ...goodCard, expiry: lastMonth }, cardPaymentMessages.cardExpired],
      [{ ...goodCard, cvv: '12' }, cardPaymentMessages.invalidCvv],
      [{ ...goodCard, cvv: '12a' }, cardPaymentMessages.invalidCvv],
    ];
    for (const [body, message] of cases)
      expect(errorOf(await pay(buyer, { items: [], ...body })), JSON.stringify(body)).toMatchObject({ status: 400, message });
    // the card passes: the cart is what is missing
    expect(errorOf(await pay(buyer, { ...goodCard, expiry: thisMonth, payment_method: 'debit_card', items: [] }))).toMatchObject({
      message: marketplaceMessages.cartEmpty,
    });
  });

  it('reads a card as its brand and last 4 only', () => {
    const parsed = cardPaymentSchema.parse({ ...goodCard, card_number: '5555 5555 5555 4444', items: [] });
    expect(parsed).toEqual({ items: [], payment_method: 'credit_card', cardholder_name: 'Ada Buyer', card_brand: 'mastercard', card_last4: '4444' });
    expect(JSON.stringify(parsed)).not.toMatch(/5555|123/);
  });

  it('never lets the card number or cvv reach a log line, an answer or a table', async () => {
    const { logged, stop } = captureOutput();
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await mintedNft(ctx.sql, seller.id);
    await callAs(ctx, seller, 'POST', `/nfts/${nftId}/listing`, { body: { price: '1.00' } });
    const number = '4000 0566 5566 5556';
    const digits = number.replace(/ /g, '');
    const cvv = '9876';
    const answers = [
      await pay(buyer, { ...goodCard, card_number: '4000 0566 5566 5557', cvv, items: [] }), // Luhn fails
      await pay(buyer, { ...goodCard, card_number: number, cvv: '98a76', items: [] }), // cvv fails
      await pay(buyer, { ...goodCard, card_number: number, cvv, expiry: '01/20', items: [] }), // expired
      await pay(buyer, { ...goodCard, card_number: number, cvv, nft_id: nftId, price_cents: 1 }), // price changed
      await pay(buyer, { ...goodCard, card_number: number, cvv, nft_id: nftId, price_cents: 100 }), // paid
    ];
    stop();
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 409, 201]);
    const seen = [...logged, ...answers.map((a) => JSON.stringify(a.body))].join('\n');
    for (const secret of [digits, '400005665566555', number, cvv, '98a76']) expect(seen).not.toContain(secret);
    expect(JSON.stringify(answers[4]?.body)).toContain('"card_last4":"5556"');
    // and no table holds it: every text column of the marketplace schema, and rewards' ledger
    await expectNoTableHoldsCard(ctx.sql, ['marketplace', 'rewards', 'events', 'nft'], { digits, cvv });
  });

  it('keeps neither the card number nor the cvv in the Idempotency-Key\u2019s fingerprint (a hash of 16 digits is quickly reversed)', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await mintedNft(ctx.sql, seller.id);
    await callAs(ctx, seller, 'POST', `/nfts/${nftId}/listing`, { body: { price: '9.00' } });
    const first = await pay(buyer, { ...goodCard, nft_id: nftId, price_cents: 900 });
    expect(first.status).toBe(201);
    const [kept] = await ctx.sql<{ fingerprint: Buffer }[]>`
      select fingerprint from marketplace.idempotency_keys where user_id = ${buyer.id} and key = ${first.key}`;
    const path = '/api/marketplace/checkout/card';
    const withoutSecrets = jsonWithout('card_number', 'cvv')(Buffer.from(JSON.stringify({ ...goodCard, nft_id: nftId, price_cents: 900 })));
    expect(kept?.fingerprint).toEqual(requestFingerprint('POST', path, withoutSecrets));
    expect(kept?.fingerprint).not.toEqual(requestFingerprint('POST', path, Buffer.from(JSON.stringify({ ...goodCard, nft_id: nftId, price_cents: 900 }))));
    // The same key again with another card is the same request: the first answer, nothing paid twice.
    const again = await callAs(ctx, buyer, 'POST', '/checkout/card', {
      body: { ...goodCard, card_number: '5555 5555 5555 4444', nft_id: nftId, price_cents: 900 },
      key: first.key,
    });
    expect([again.status, again.body]).toEqual([201, first.body]);
  });
});
