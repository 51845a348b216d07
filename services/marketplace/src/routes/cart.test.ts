import { describe, expect, it } from 'vitest';
import { cartLineAnswerSchema, cartSchema, marketplaceErrorCodes, marketplaceMessages } from '@starforge/contracts/marketplace';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, marketplaceTestContext, mintedNft, signIn, type TestUser } from '../testing/harness';

const ctx = marketplaceTestContext();

const list = (who: TestUser, nftId: string, price: string) => callAs(ctx, who, 'POST', `/nfts/${nftId}/listing`, { body: { price } });
const add = (who: TestUser, nftId: string) => callAs(ctx, who, 'POST', '/cart', { body: { nft_id: nftId } });
const cartOf = async (who: TestUser) => cartSchema.parse((await callAs(ctx, who, 'GET', '/cart')).body);
const setQuantity = (who: TestUser, nftId: string, quantity: unknown) => callAs(ctx, who, 'PATCH', `/cart/${nftId}`, { body: { quantity } });
const remove = (who: TestUser, nftId: string) => callAs(ctx, who, 'DELETE', `/cart/${nftId}`);

const listedBy = async (seller: TestUser, price: string) => {
  const nftId = await mintedNft(ctx.sql, seller.id);
  expect((await list(seller, nftId, price)).status).toBe(201);
  return nftId;
};

describe('the cart', () => {
  it('adds a listed NFT once, shows it with its NFT and the price seen when added, totals it', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedBy(seller, '12.50');
    const added = await add(buyer, nftId);
    expect(added.status).toBe(201);
    const { item } = cartLineAnswerSchema.parse(added.body);
    expect(item).toMatchObject({
      nft_id: nftId,
      name: 'Nebula',
      description: 'A test NFT',
      image_url: null,
      price_cents: 1250,
      quantity: 1,
      available: true,
      current_price_cents: 1250,
    });
    // already in the cart: the same line
    expect(cartLineAnswerSchema.parse((await add(buyer, nftId)).body).item).toEqual(item);
    expect(await cartOf(buyer)).toEqual({ items: [item], total_cents: 1250 });
  });

  it('keeps the price seen when added, and says when the listing no longer holds it', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedBy(seller, '5.00');
    await add(buyer, nftId);
    await callAs(ctx, seller, 'DELETE', `/nfts/${nftId}/listing`);
    expect((await cartOf(buyer)).items[0]).toMatchObject({ price_cents: 500, available: false, current_price_cents: null });
    await list(seller, nftId, '6.00');
    expect((await cartOf(buyer)).items[0]).toMatchObject({ price_cents: 500, available: false, current_price_cents: 600 });
  });

  it('takes the listing’s new price when the NFT is added again after it was listed anew', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedBy(seller, '5.00');
    const first = cartLineAnswerSchema.parse((await add(buyer, nftId)).body).item;
    await callAs(ctx, seller, 'DELETE', `/nfts/${nftId}/listing`);
    await list(seller, nftId, '6.00');
    const again = await add(buyer, nftId);
    expect(again.status).toBe(201);
    const item = cartLineAnswerSchema.parse(again.body).item;
    expect(item).toMatchObject({ nft_id: nftId, price_cents: 600, available: true, current_price_cents: 600, added_at: first.added_at });
    expect(item.listing_id).not.toBe(first.listing_id);
    expect(await cartOf(buyer)).toEqual({ items: [item], total_cents: 600 });
  });

  it('answers the one line to adds of one NFT sent at once', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedBy(seller, '4.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => add(buyer, nftId)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const items = answers.map((a) => cartLineAnswerSchema.parse(a.body).item);
    expect(new Set(items.map((i) => JSON.stringify(i))).size).toBe(1);
    expect(await cartOf(buyer)).toEqual({ items: [items[0]], total_cents: 400 });
  });

  it('refuses an NFT not for sale, an unknown one, and one’s own', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const unlisted = await mintedNft(ctx.sql, seller.id);
    expect(errorOf(await add(buyer, unlisted))).toMatchObject({ status: 409, code: marketplaceErrorCodes.notListed });
    expect(errorOf(await add(buyer, '00000000-0000-4000-8000-000000000000'))).toMatchObject({ status: 404 });
    const listed = await listedBy(seller, '1.00');
    expect(errorOf(await add(seller, listed))).toEqual({ status: 400, code: marketplaceErrorCodes.ownNft, message: marketplaceMessages.ownNft });
    expect((await cartOf(seller)).items).toEqual([]);
  });

  it('keeps quantity 1: above 1 is refused clearly, 0 or less removes the line', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await listedBy(seller, '2.00');
    await add(buyer, nftId);
    expect(errorOf(await setQuantity(buyer, nftId, 2))).toMatchObject({ status: 400, message: marketplaceMessages.quantityAboveOne });
    expect((await setQuantity(buyer, nftId, 1)).body).toMatchObject({ item: { nft_id: nftId, quantity: 1 } });
    expect((await setQuantity(buyer, nftId, 0)).body).toEqual({ item: null });
    expect((await cartOf(buyer)).items).toEqual([]);
    await add(buyer, nftId);
    expect((await setQuantity(buyer, nftId, -3)).body).toEqual({ item: null });
    await add(buyer, nftId);
    expect((await remove(buyer, nftId)).body).toEqual({ removed: true });
    expect(errorOf(await remove(buyer, nftId))).toMatchObject({ status: 404, code: marketplaceErrorCodes.notInCart });
  });

  it("is the caller's own: B never reads, changes or removes A's lines", async () => {
    const [seller, a, b] = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx)]);
    const nftId = await listedBy(seller, '3.00');
    await add(a, nftId);
    const before = await cartOf(a);
    expect(await cartOf(b)).toEqual({ items: [], total_cents: 0 });
    expect(errorOf(await setQuantity(b, nftId, 0))).toMatchObject({ status: 404, code: marketplaceErrorCodes.notInCart });
    expect(errorOf(await setQuantity(b, nftId, 1))).toMatchObject({ status: 404, code: marketplaceErrorCodes.notInCart });
    expect(errorOf(await remove(b, nftId))).toMatchObject({ status: 404, code: marketplaceErrorCodes.notInCart });
    // the body's user ids are ignored
    await callAs(ctx, b, 'POST', '/cart', { body: { nft_id: nftId, user_id: a.id } });
    expect(await cartOf(a)).toEqual(before);
    expect((await cartOf(b)).items.map((i) => i.nft_id)).toEqual([nftId]);
  });

  it('is signed in only', async () => {
    const res = await ctx.app.app.request('/api/marketplace/cart');
    expect(res.status).toBe(401);
  });
});
