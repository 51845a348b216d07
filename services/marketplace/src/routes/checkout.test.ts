import { describe, expect, it } from 'vitest';
import {
  cartSchema,
  checkoutAnswerSchema,
  lineSoldMessage,
  marketplaceErrorCodes,
  marketplaceMessages,
  priceChangedMessage,
} from '@starforge/contracts/marketplace';
import { errorOf } from '@starforge/test-db/harness';
import {
  callAs,
  cartItemsOf,
  goodCard,
  ledgerBreaks,
  listingEventsOf,
  marketplaceTestContext,
  nftWithRoyalty,
  payByCard,
  saleLedgerOf,
  salesOf,
  signIn,
  transferNft,
  type TestUser,
} from '../testing/harness';

const ctx = marketplaceTestContext();

const list = (who: TestUser, nftId: string, price: string) => callAs(ctx, who, 'POST', `/nfts/${nftId}/listing`, { body: { price } });
const addToCart = (who: TestUser, nftId: string) => callAs(ctx, who, 'POST', '/cart', { body: { nft_id: nftId } });
const pay = (who: TestUser, body: Record<string, unknown> = {}, key?: string) => payByCard(ctx, who, body, key);
const ownerOf = async (nftId: string) =>
  (await ctx.sql<{ currentOwnerId: string }[]>`select current_owner_id from nft.nfts where id = ${nftId}`)[0]?.currentOwnerId;
const paymentsOf = (userId: string) => ctx.sql`select * from marketplace.payments where user_id = ${userId}`;

/** An NFT created by `creator` (royalty %), moved to `seller` when another, listed by the seller at `price`. */
const listedNft = async (creator: TestUser, seller: TestUser, price: string, royalty = 5) => {
  const nftId = await nftWithRoyalty(ctx.sql, creator.id, royalty);
  if (seller.id !== creator.id) await transferNft(ctx.sql, nftId, creator.id, seller.id);
  expect((await list(seller, nftId, price)).status).toBe(201);
  return nftId;
};

describe('card checkout of the cart', () => {
  it("sells, moves the NFT, credits the seller the price less the royalty and the creator the royalty, empties the buyer's cart of it (another's line stays, marked sold)", async () => {
    const [creator, seller, buyer, other] = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(creator, seller, '10.99', 7.5);
    expect((await addToCart(buyer, nftId)).status).toBe(201);
    expect((await addToCart(other, nftId)).status).toBe(201);
    const paid = await pay(buyer);
    expect(paid.status).toBe(201);
    const answer = checkoutAnswerSchema.parse(paid.body);
    expect(answer.payment).toMatchObject({
      total_cents: 1099,
      currency: 'USD',
      payment_method: 'credit_card',
      status: 'completed',
      card_brand: 'visa',
      card_last4: '4242',
    });
    expect(answer.items).toEqual([expect.objectContaining({ nft_id: nftId, price_cents: 1099, quantity: 1 })]);
    expect(await ownerOf(nftId)).toBe(buyer.id);
    expect((await salesOf(ctx.sql, nftId)).map((s) => [s.status, s.buyerId])).toEqual([['sold', buyer.id]]);
    // floor(1099 * 7.5 / 100) = floor(82.425) = 82
    expect((await saleLedgerOf(ctx.sql, nftId)).map((r) => [r.userId, r.transactionType, Number(r.amountCents), r.rule])).toEqual(
      [
        [creator.id, 'royalty', 82, 'royalty'],
        [seller.id, 'sale_proceeds', 1099 - 82, 'sale_proceeds'],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1])) || String(a[0]).localeCompare(String(b[0]))),
    );
    expect((await ctx.sql<{ userId: string }[]>`select user_id from marketplace.cart_items where nft_id = ${nftId}`).map((r) => r.userId)).toEqual([other.id]);
    expect((await listingEventsOf(ctx.sql, nftId)).at(-1)).toMatchObject({ nftId, status: 'sold' });
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it("refuses an empty cart: 'Your cart is empty'", async () => {
    const buyer = await signIn(ctx);
    expect(errorOf(await pay(buyer))).toEqual({ status: 400, code: marketplaceErrorCodes.cartEmpty, message: marketplaceMessages.cartEmpty });
    expect(await paymentsOf(buyer.id)).toEqual([]);
  });

  it('refuses a price changed between cart and pay, naming the new price; nothing is charged or moved', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(seller, seller, '5.00');
    await addToCart(buyer, nftId);
    expect((await callAs(ctx, seller, 'DELETE', `/nfts/${nftId}/listing`)).status).toBe(200);
    await list(seller, nftId, '7.25');
    expect(errorOf(await pay(buyer))).toEqual({ status: 409, code: marketplaceErrorCodes.priceChanged, message: priceChangedMessage(725) });
    expect(priceChangedMessage(725)).toContain('$7.25');
    expect(await paymentsOf(buyer.id)).toEqual([]);
    expect(await ownerOf(nftId)).toBe(seller.id);
    expect(await saleLedgerOf(ctx.sql, nftId)).toEqual([]);
    // adding it again takes the new price, and then it is paid at that price
    await addToCart(buyer, nftId);
    expect(checkoutAnswerSchema.parse((await pay(buyer)).body).payment.total_cents).toBe(725);
  });

  it('refuses a listing sold meanwhile: a clear 409, the second buyer is not charged', async () => {
    const [seller, first, second] = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(seller, seller, '3.00');
    await addToCart(first, nftId);
    await addToCart(second, nftId);
    expect((await pay(first)).status).toBe(201);
    expect(errorOf(await pay(second, { nft_id: nftId, price_cents: 300 }))).toEqual({
      status: 409,
      code: marketplaceErrorCodes.listingSold,
      message: marketplaceMessages.listingSold,
    });
    expect(await paymentsOf(second.id)).toEqual([]);
  });

  it('a two-line cart whose first NFT sold meanwhile is refused whole, naming that line; the cart keeps it marked sold; the rest is paid once it is removed', async () => {
    const [seller, rival, buyer] = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx)]);
    const goneId = await listedNft(seller, seller, '1.00');
    await ctx.sql`update nft.nft_mints set name = 'Gone one' where id = ${goneId}`;
    const keptId = await listedNft(seller, seller, '2.00');
    await addToCart(buyer, goneId);
    await addToCart(buyer, keptId);
    const seen = await cartItemsOf(ctx, buyer);
    await addToCart(rival, goneId);
    expect((await pay(rival)).status).toBe(201);

    const refused = await pay(buyer, { items: seen });
    expect(errorOf(refused)).toEqual({ status: 409, code: marketplaceErrorCodes.listingSold, message: lineSoldMessage('Gone one') });
    expect(await paymentsOf(buyer.id)).toEqual([]);
    expect(await ownerOf(keptId)).toBe(seller.id);
    const cart = cartSchema.parse((await callAs(ctx, buyer, 'GET', '/cart')).body);
    expect(cart.items.map((line) => [line.nft_id, line.available, line.current_price_cents])).toEqual([
      [goneId, false, null],
      [keptId, true, 200],
    ]);

    expect((await callAs(ctx, buyer, 'DELETE', `/cart/${goneId}`)).status).toBe(200);
    const paid = checkoutAnswerSchema.parse((await pay(buyer)).body);
    expect(paid.items.map((item) => item.nft_id)).toEqual([keptId]);
    expect(paid.payment.total_cents).toBe(200);
    expect(await ctx.sql`select * from marketplace.cart_items where user_id = ${buyer.id}`).toEqual([]);
  });

  it("'Purchase NFT' buys one NFT without the cart, at the price the page showed", async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(seller, seller, '2.00');
    expect(errorOf(await pay(buyer, { nft_id: nftId, price_cents: 150 }))).toMatchObject({ status: 409, code: marketplaceErrorCodes.priceChanged });
    expect((await pay(buyer, { nft_id: nftId, price_cents: 200 })).status).toBe(201);
    expect(await ownerOf(nftId)).toBe(buyer.id);
  });

  it('a re-price from $1 to $750 between the page and the press is never charged: the price the buyer saw is required', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(seller, seller, '1.00');
    await addToCart(buyer, nftId);
    const seen = await cartItemsOf(ctx, buyer);
    expect((await callAs(ctx, seller, 'DELETE', `/nfts/${nftId}/listing`)).status).toBe(200);
    await list(seller, nftId, '750.00');
    // without a price: refused by the schema, naming the field
    expect(errorOf(await pay(buyer, { nft_id: nftId }))).toMatchObject({ status: 400, message: marketplaceMessages.priceSeenRequired });
    expect(errorOf(await callAs(ctx, buyer, 'POST', '/checkout/card', { body: goodCard }))).toMatchObject({
      status: 400,
      message: marketplaceMessages.itemsRequired,
    });
    // with the price seen, one NFT or the cart: 409, the new price named
    expect(errorOf(await pay(buyer, { nft_id: nftId, price_cents: 100 }))).toEqual({
      status: 409,
      code: marketplaceErrorCodes.priceChanged,
      message: priceChangedMessage(75000),
    });
    // the cart line re-added in another tab takes $750, while /payment still shows $1.00
    await addToCart(buyer, nftId);
    expect(errorOf(await pay(buyer, { items: seen }))).toEqual({ status: 409, code: marketplaceErrorCodes.priceChanged, message: priceChangedMessage(75000) });
    expect(await paymentsOf(buyer.id)).toEqual([]);
    expect(await ownerOf(nftId)).toBe(seller.id);
    expect(await saleLedgerOf(ctx.sql, nftId)).toEqual([]);
  });

  it('refuses buying one’s own NFT', async () => {
    const seller = await signIn(ctx);
    const nftId = await listedNft(seller, seller, '2.00');
    expect(errorOf(await pay(seller, { nft_id: nftId, price_cents: 200 }))).toMatchObject({ status: 400, code: marketplaceErrorCodes.ownNft });
    expect(errorOf(await addToCart(seller, nftId))).toMatchObject({ status: 400, code: marketplaceErrorCodes.ownNft, message: marketplaceMessages.ownNft });
  });

  it('writes no royalty row for a zero royalty', async () => {
    const [creator, seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(creator, seller, '4.00', 0);
    await addToCart(buyer, nftId);
    expect((await pay(buyer)).status).toBe(201);
    expect((await saleLedgerOf(ctx.sql, nftId)).map((r) => [r.userId, r.transactionType, Number(r.amountCents)])).toEqual([[seller.id, 'sale_proceeds', 400]]);
  });

  it('writes one proceeds row of the full price when the seller is the creator', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(seller, seller, '9.99', 10);
    await addToCart(buyer, nftId);
    expect((await pay(buyer)).status).toBe(201);
    expect((await saleLedgerOf(ctx.sql, nftId)).map((r) => [r.userId, r.transactionType, Number(r.amountCents)])).toEqual([[seller.id, 'sale_proceeds', 999]]);
  });

  it('replays a checkout sent again with its key and writes nothing twice', async () => {
    const [creator, seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx)]);
    const nftId = await listedNft(creator, seller, '6.00');
    await addToCart(buyer, nftId);
    const items = await cartItemsOf(ctx, buyer);
    const first = await pay(buyer, { items });
    const again = await pay(buyer, { items }, first.key ?? undefined);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await paymentsOf(buyer.id)).toHaveLength(1);
    expect(await ctx.sql`select * from marketplace.payment_items where nft_id = ${nftId}`).toHaveLength(1);
    expect(await saleLedgerOf(ctx.sql, nftId)).toHaveLength(2);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });
});
