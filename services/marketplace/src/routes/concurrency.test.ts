import { describe, expect, it, vi } from 'vitest';
import { marketplaceErrorCodes } from '@starforge/contracts/marketplace';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, listingEventsOf, marketplaceTestContext, mintedNft, salesOf, signIn } from '../testing/harness';

// Races of one user test the listings, not the write limit: read when the app is built, in the context's beforeAll.
vi.stubEnv('WRITE_RATE_LIMIT_BURST', '100000');

const ctx = marketplaceTestContext();

const statuses = (results: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe('concurrent writes to one NFT', () => {
  it('two listings at once: exactly one 201 and one 409 already_listed, one row, one event', async () => {
    const owner = await signIn(ctx);
    for (let round = 0; round < 5; round++) {
      const nftId = await mintedNft(ctx.sql, owner.id);
      const results = await Promise.all(['1.00', '2.00'].map((price) => callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price } })));
      expect(statuses(results)).toEqual({ 201: 1, 409: 1 });
      const refused = results.find((r) => r.status === 409);
      expect(refused && errorOf(refused).code).toBe(marketplaceErrorCodes.alreadyListed);
      expect(await salesOf(ctx.sql, nftId)).toHaveLength(1);
      expect(await listingEventsOf(ctx.sql, nftId)).toHaveLength(1);
    }
  });

  it('twenty listings at once: one listed', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: i + 1 } })));
    expect(statuses(results)).toEqual({ 201: 1, 409: 19 });
    expect((await salesOf(ctx.sql, nftId)).map((s) => s.status)).toEqual(['listed']);
  });

  it('two removals at once: one 200 and one 409 not_listed, one cancel announced', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '1' } });
    const results = await Promise.all([0, 1].map(() => callAs(ctx, owner, 'DELETE', `/nfts/${nftId}/listing`)));
    expect(statuses(results)).toEqual({ 200: 1, 409: 1 });
    expect((await listingEventsOf(ctx.sql, nftId)).map((e) => (e as { status: string }).status)).toEqual(['listed', 'cancelled']);
  });

  it('the one-listed-row index decides even for a writer that does not hold the NFT: 409 already_listed, not a 500', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // A listed row written without nft.owned_nft's lock, left uncommitted while the route lists.
    const bypass = ctx.sql.begin(async (tx) => {
      await tx`insert into marketplace.nft_sales (nft_id, seller_id, price_cents) values (${nftId}, ${owner.id}, 100)`;
      inserted();
      await held;
    });
    await insertedYet;
    const route = callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '2' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await bypass;
    expect(errorOf(await route)).toMatchObject({ status: 409, code: marketplaceErrorCodes.alreadyListed });
    expect((await salesOf(ctx.sql, nftId)).map((s) => Number(s.priceCents))).toEqual([100]);
  });
});
