import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createdNftSchema } from '@starforge/contracts/marketplace';
import { IDEMPOTENT_REPLAYED_HEADER } from '@starforge/contracts/shared';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, listingEventsOf, marketplaceTestContext, mintedNft, salesOf, signIn } from '../testing/harness';

const ctx = marketplaceTestContext();

describe('an Idempotency-Key sent again', () => {
  it('replays the listing: the same answer, one row, one event', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    const key = randomUUID();
    const first = await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '4.20' }, key });
    const again = await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '4.20' }, key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await salesOf(ctx.sql, nftId)).toHaveLength(1);
    expect(await listingEventsOf(ctx.sql, nftId)).toHaveLength(1);
  });

  it('with another price is refused: 422 idempotency_key_reused, the listing unchanged', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    const key = randomUUID();
    await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '4.20' }, key });
    expect(errorOf(await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '9.99' }, key }))).toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
    expect((await salesOf(ctx.sql, nftId)).map((s) => Number(s.priceCents))).toEqual([420]);
  });

  it('a burst of one key lists once', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, () => callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '1' }, key })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await salesOf(ctx.sql, nftId)).toHaveLength(1);
    expect(await listingEventsOf(ctx.sql, nftId)).toHaveLength(1);
  });

  it('replays a removal: the same cancelled listing, one cancel event', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '1' } });
    const key = randomUUID();
    const first = await callAs(ctx, owner, 'DELETE', `/nfts/${nftId}/listing`, { key });
    const again = await callAs(ctx, owner, 'DELETE', `/nfts/${nftId}/listing`, { key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect((await listingEventsOf(ctx.sql, nftId)).map((e) => (e as { status: string }).status)).toEqual(['listed', 'cancelled']);
  });

  it('replays a creation: one NFT, one listing', async () => {
    const creator = await signIn(ctx);
    const key = randomUUID();
    const body = { name: 'Once', price: '3' };
    const first = await callAs(ctx, creator, 'POST', '/created-nfts', { body, key });
    const again = await callAs(ctx, creator, 'POST', '/created-nfts', { body, key });
    expect(again.body).toEqual(first.body);
    const { nft_id: nftId } = createdNftSchema.parse(first.body);
    expect(await ctx.sql`select id from nft.nfts where original_creator_id = ${creator.id}`).toEqual([{ id: nftId }]);
    expect(await salesOf(ctx.sql, nftId)).toHaveLength(1);
  });

  it('replays a refusal as it was: the 409 again even once the NFT can be listed', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    const key = randomUUID();
    expect((await callAs(ctx, owner, 'DELETE', `/nfts/${nftId}/listing`, { key })).status).toBe(409);
    await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '1' } });
    const again = await callAs(ctx, owner, 'DELETE', `/nfts/${nftId}/listing`, { key });
    expect(errorOf(again)).toMatchObject({ status: 409, code: 'not_listed' });
    expect((await salesOf(ctx.sql, nftId)).map((s) => s.status)).toEqual(['listed']);
  });
});
