import { describe, expect, it } from 'vitest';
import { createdNftSchema } from '@starforge/contracts/marketplace';
import { nftErrorCodes, nftMessages } from '@starforge/contracts/nft';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, listingEventsOf, marketplaceTestContext, salesOf, signIn } from '../testing/harness';

const ctx = marketplaceTestContext();

const nftRow = async (id: string) => {
  const [row] = await ctx.sql`
    select name, description, category, image_key, tags, is_limited_edition, edition_size, creator_royalty::float8 as royalty,
           status, origin, network, original_creator_id, current_owner_id, token_id, tx_hash, minted_at
    from nft.nfts where id = ${id}`;
  return row;
};

describe('POST /created-nfts', () => {
  it('creates the NFT completed on Ethereum, owned by its creator, and lists it at its price, announced once', async () => {
    const creator = await signIn(ctx);
    const created = await callAs(ctx, creator, 'POST', '/created-nfts', {
      body: { name: '  Aurora  ', description: 'Northern lights', category: 'Photography', price: '42.00', creator_royalty: 7.5, tags: ['sky', 'night'] },
    });
    expect(created.status).toBe(201);
    const { nft_id: nftId, listing } = createdNftSchema.parse(created.body);
    expect(listing).toMatchObject({ nft_id: nftId, price_cents: 4200, status: 'listed', seller_is_me: true });
    expect(await nftRow(nftId)).toMatchObject({
      name: 'Aurora',
      description: 'Northern lights',
      category: 'Photography',
      imageKey: null,
      tags: ['sky', 'night'],
      isLimitedEdition: false,
      editionSize: null,
      royalty: 7.5,
      status: 'completed',
      origin: 'creator',
      network: 'ethereum',
      originalCreatorId: creator.id,
      currentOwnerId: creator.id,
    });
    expect((await nftRow(nftId))?.tokenId).toBeTruthy();
    expect((await callAs(ctx, creator, 'GET', `/nfts/${nftId}/listing`)).body).toEqual({ listing });
    expect(await listingEventsOf(ctx.sql, nftId)).toEqual([{ listingId: listing.id, nftId, status: 'listed', transactionId: expect.stringMatching(/^\d+$/) }]);
  });

  it("takes the creator's defaults: Art, royalty 5, no tags (stored empty), not limited", async () => {
    const creator = await signIn(ctx);
    const created = await callAs(ctx, creator, 'POST', '/created-nfts', { body: { name: 'Plain', price: 1 } });
    expect(created.status).toBe(201);
    const { nft_id: nftId } = createdNftSchema.parse(created.body);
    expect(await nftRow(nftId)).toMatchObject({ description: '', category: 'Art', royalty: 5, tags: null, isLimitedEdition: false, editionSize: null });
  });

  it('keeps a limited edition and its size', async () => {
    const creator = await signIn(ctx);
    const created = await callAs(ctx, creator, 'POST', '/created-nfts', { body: { name: 'Limited', price: '3', is_limited_edition: true, edition_size: 25 } });
    expect(await nftRow(createdNftSchema.parse(created.body).nft_id)).toMatchObject({ isLimitedEdition: true, editionSize: 25 });
  });

  it('earns no mint points: the rewards account is untouched', async () => {
    const creator = await signIn(ctx);
    expect((await callAs(ctx, creator, 'POST', '/created-nfts', { body: { name: 'No points', price: '2' } })).status).toBe(201);
    expect(await ctx.sql`select 1 from rewards.user_balances where user_id = ${creator.id}`).toEqual([]);
    expect(await ctx.sql`select 1 from rewards.transactions where user_id = ${creator.id}`).toEqual([]);
  });

  it('refuses an image key no upload has: 400 image_not_found, no NFT and no listing', async () => {
    const creator = await signIn(ctx);
    const refused = await callAs(ctx, creator, 'POST', '/created-nfts', { body: { name: 'Ghost', price: '2', image_key: 'a'.repeat(64) } });
    expect(errorOf(refused)).toEqual({ status: 400, code: nftErrorCodes.imageNotFound, message: nftMessages.imageNotFound });
    expect(await ctx.sql`select 1 from nft.nfts where original_creator_id = ${creator.id}`).toEqual([]);
  });

  it('uses an uploaded image by its key', async () => {
    const creator = await signIn(ctx);
    const key = 'b'.repeat(64);
    await ctx.sql`insert into nft.images (key, content_type, byte_size, first_uploaded_by) values (${key}, 'image/png', 10, ${creator.id}) on conflict do nothing`;
    const created = await callAs(ctx, creator, 'POST', '/created-nfts', { body: { name: 'Pictured', price: '2', image_key: key } });
    expect(created.status).toBe(201);
    const { nft_id: nftId } = createdNftSchema.parse(created.body);
    expect((await nftRow(nftId))?.imageKey).toBe(key);
    expect(await salesOf(ctx.sql, nftId)).toHaveLength(1);
  });
});
