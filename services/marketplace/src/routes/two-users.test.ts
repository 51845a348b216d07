import { describe, expect, it } from 'vitest';
import { createdNftSchema } from '@starforge/contracts/marketplace';
import { nftErrorCodes, nftMessages } from '@starforge/contracts/nft';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, listingEventsOf, marketplaceTestContext, mintedNft, salesOf, signIn, transferNft, type TestUser } from '../testing/harness';

const ctx = marketplaceTestContext();

const notOwner = { status: 403, code: nftErrorCodes.notOwner, message: nftMessages.notOwner };

/** The table's rows and the public events about the NFT: what must not move when a write is refused. */
const snapshot = async (nftId: string) => ({ sales: await salesOf(ctx.sql, nftId), events: await listingEventsOf(ctx.sql, nftId) });

const list = (who: TestUser, nftId: string, price: unknown) => callAs(ctx, who, 'POST', `/nfts/${nftId}/listing`, { body: { price } });
const remove = (who: TestUser, nftId: string) => callAs(ctx, who, 'DELETE', `/nfts/${nftId}/listing`);

describe("another user's NFT", () => {
  it('cannot be listed by B while A has not listed it: 403 not_owner, no row, no event', async () => {
    const a = await signIn(ctx);
    const b = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, a.id);
    expect(errorOf(await list(b, nftId, '1.00'))).toEqual(notOwner);
    expect(errorOf(await remove(b, nftId))).toEqual(notOwner);
    expect(await snapshot(nftId)).toEqual({ sales: [], events: [] });
  });

  it("cannot be re-priced or removed by B once A listed it: 403 not_owner, A's listing unchanged", async () => {
    const a = await signIn(ctx);
    const b = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, a.id);
    expect((await list(a, nftId, '5.00')).status).toBe(201);
    const before = await snapshot(nftId);
    expect(errorOf(await list(b, nftId, '0.01'))).toEqual(notOwner);
    expect(errorOf(await remove(b, nftId))).toEqual(notOwner);
    expect(await snapshot(nftId)).toEqual(before);
    expect(before.sales.map((s) => [s.status, Number(s.priceCents), s.sellerId])).toEqual([['listed', 500, a.id]]);
  });

  it('is read by B as not theirs, and B cannot tell who sells it', async () => {
    const a = await signIn(ctx);
    const b = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, a.id);
    await list(a, nftId, '5.00');
    const seen = await callAs(ctx, b, 'GET', `/nfts/${nftId}/listing`);
    expect(seen.body).toMatchObject({ listing: { nft_id: nftId, seller_is_me: false } });
    expect(JSON.stringify(seen.body)).not.toContain(a.id);
  });

  it("is not made for another user on /created-nfts: the body's user ids are ignored, the NFT and the listing are the caller's", async () => {
    const a = await signIn(ctx);
    const b = await signIn(ctx);
    const created = await callAs(ctx, b, 'POST', '/created-nfts', {
      body: { name: 'Mine', price: '1', user_id: a.id, owner_id: a.id, current_owner_id: a.id, seller_id: a.id },
    });
    expect(created.status).toBe(201);
    const { nft_id: nftId } = createdNftSchema.parse(created.body);
    const [owner] = await ctx.sql`select original_creator_id, current_owner_id from nft.nfts where id = ${nftId}`;
    expect(owner).toEqual({ originalCreatorId: b.id, currentOwnerId: b.id });
    expect((await salesOf(ctx.sql, nftId)).map((s) => s.sellerId)).toEqual([b.id]);
    // and A cannot remove or re-list what B created
    expect(errorOf(await remove(a, nftId))).toEqual(notOwner);
    expect(errorOf(await list(a, nftId, '9'))).toEqual(notOwner);
  });
});

describe('after a transfer of ownership (nft.transfer_ownership)', () => {
  it('the old owner can no longer list or remove; the new owner can', async () => {
    const a = await signIn(ctx);
    const b = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, a.id);
    await list(a, nftId, '5.00');
    await remove(a, nftId);
    await transferNft(ctx.sql, nftId, a.id, b.id);

    const before = await snapshot(nftId);
    expect(errorOf(await list(a, nftId, '5.00'))).toEqual(notOwner);
    expect(errorOf(await remove(a, nftId))).toEqual(notOwner);
    expect(await snapshot(nftId)).toEqual(before);

    const listed = await list(b, nftId, '8.00');
    expect(listed.status).toBe(201);
    expect(errorOf(await remove(a, nftId))).toEqual(notOwner);
    expect((await callAs(ctx, a, 'GET', `/nfts/${nftId}/listing`)).body).toMatchObject({ listing: { price_cents: 800, seller_is_me: false } });
    expect((await remove(b, nftId)).status).toBe(200);
  });

  it("a listing left by a transfer outside a sale is the new owner's to remove, never the old owner's", async () => {
    const a = await signIn(ctx);
    const b = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, a.id);
    await list(a, nftId, '5.00');
    await transferNft(ctx.sql, nftId, a.id, b.id);
    expect(errorOf(await remove(a, nftId))).toEqual(notOwner);
    expect(errorOf(await list(b, nftId, '6.00'))).toMatchObject({ status: 409, code: 'already_listed' });
    expect((await remove(b, nftId)).status).toBe(200);
    expect((await list(b, nftId, '6.00')).status).toBe(201);
  });
});
