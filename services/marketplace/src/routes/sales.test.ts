import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nftSalesAnswerSchema } from '@starforge/contracts/marketplace';
import { call, errorOf } from '@starforge/test-db/harness';
import { callAs, goodCard, marketplaceTestContext, mintedNft, setNames, signIn, type TestUser } from '../testing/harness';

const ctx = marketplaceTestContext();

const history = (nftId: string) => call(ctx.app, 'GET', `/nfts/${nftId}/sales`);
const list = (who: TestUser, nftId: string, price: string) => callAs(ctx, who, 'POST', `/nfts/${nftId}/listing`, { body: { price } });
const buy = (who: TestUser, nftId: string, priceCents: number) =>
  callAs(ctx, who, 'POST', '/checkout/card', { body: { ...goodCard, nft_id: nftId, price_cents: priceCents } });

describe("an NFT's sale history (GET /nfts/:id/sales, public)", () => {
  it('lists sold sales newest first, with price, seller and buyer display names and time; never ids or e-mails', async () => {
    const [ada, grace, linus] = await Promise.all([signIn(ctx), signIn(ctx), signIn(ctx)]);
    await setNames(ctx.sql, ada.id, 'Ada', 'Lovelace');
    await setNames(ctx.sql, grace.id, 'Grace', null);
    const nftId = await mintedNft(ctx.sql, ada.id);
    // a listing withdrawn is no sale
    expect((await list(ada, nftId, '1.00')).status).toBe(201);
    expect((await callAs(ctx, ada, 'DELETE', `/nfts/${nftId}/listing`)).status).toBe(200);
    expect((await list(ada, nftId, '2.50')).status).toBe(201);
    expect((await buy(grace, nftId, 250)).status).toBe(201);
    expect((await list(grace, nftId, '7.00')).status).toBe(201);
    expect((await buy(linus, nftId, 700)).status).toBe(201);
    // listed again: for sale, not sold
    expect((await list(linus, nftId, '9.00')).status).toBe(201);

    const answer = await history(nftId);
    expect(answer.status).toBe(200);
    const { sales } = nftSalesAnswerSchema.parse(answer.body);
    expect(sales.map((s) => [s.price_cents, s.seller_name, s.buyer_name])).toEqual([
      [700, 'Grace', 'Starforge user'],
      [250, 'Ada Lovelace', 'Grace'],
    ]);
    const sold = await ctx.sql<{ id: string; soldAt: Date }[]>`
      select id, sold_at from marketplace.nft_sales where nft_id = ${nftId} and status = 'sold' order by sold_at desc`;
    expect(sales.map((s) => [s.sale_id, s.sold_at])).toEqual(sold.map((s) => [s.id, s.soldAt.toISOString()]));
    const text = JSON.stringify(answer.body);
    for (const user of [ada, grace, linus]) {
      expect(text).not.toContain(user.id);
      expect(text).not.toContain(user.user.email);
    }
  });

  it('is empty for an NFT never sold, 404 for an id no NFT has, 400 for one that is not an id', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    expect(await history(nftId)).toMatchObject({ status: 200, body: { sales: [] } });
    expect(errorOf(await history(randomUUID()))).toMatchObject({ status: 404, code: 'nft_not_found' });
    expect((await history('not-an-id')).status).toBe(400);
  });
});
