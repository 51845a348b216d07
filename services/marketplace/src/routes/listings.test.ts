import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listingSchema, marketplaceErrorCodes, marketplaceMessages } from '@starforge/contracts/marketplace';
import { nftErrorCodes } from '@starforge/contracts/nft';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, listingEventsOf, marketplaceTestContext, mintedNft, pendingNft, salesOf, signIn } from '../testing/harness';

const ctx = marketplaceTestContext();

const listingOf = (result: { body: unknown }) => listingSchema.parse((result.body as { listing: unknown }).listing);

describe("an owner's listing", () => {
  it('is listed, read, removed and listed again, one public event per change', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    const path = `/nfts/${nftId}/listing`;

    expect((await callAs(ctx, owner, 'GET', path)).body).toEqual({ listing: null });

    const listed = await callAs(ctx, owner, 'POST', path, { body: { price: '12.50' } });
    expect(listed.status).toBe(201);
    const first = listingOf(listed);
    expect(first).toMatchObject({ nft_id: nftId, price_cents: 1250, status: 'listed', sold_at: null, cancelled_at: null, seller_is_me: true });
    expect((await callAs(ctx, owner, 'GET', path)).body).toEqual({ listing: first });

    const removed = await callAs(ctx, owner, 'DELETE', path);
    expect(removed.status).toBe(200);
    const cancelled = listingOf(removed);
    expect(cancelled).toMatchObject({ id: first.id, status: 'cancelled', price_cents: 1250, listed_at: first.listed_at });
    expect(cancelled.cancelled_at).not.toBeNull();
    expect((await callAs(ctx, owner, 'GET', path)).body).toEqual({ listing: null });

    const again = await callAs(ctx, owner, 'POST', path, { body: { price: 3 } });
    expect(again.status).toBe(201);
    const second = listingOf(again);
    expect(second).toMatchObject({ price_cents: 300, status: 'listed' });
    expect(second.id).not.toBe(first.id);

    expect((await salesOf(ctx.sql, nftId)).map((s) => [s.id, s.status, s.sellerId])).toEqual([
      [first.id, 'cancelled', owner.id],
      [second.id, 'listed', owner.id],
    ]);
    // Each stamped with its own transaction's id (the NOTIFY's payload a search cache hears).
    const events = await listingEventsOf(ctx.sql, nftId);
    expect(events).toEqual([
      { listingId: first.id, nftId, status: 'listed', transactionId: expect.stringMatching(/^\d+$/) },
      { listingId: first.id, nftId, status: 'cancelled', transactionId: expect.stringMatching(/^\d+$/) },
      { listingId: second.id, nftId, status: 'listed', transactionId: expect.stringMatching(/^\d+$/) },
    ]);
    expect(new Set(events.map((e) => (e as { transactionId: string }).transactionId)).size).toBe(3);
  });

  it('is read by any signed-in user, who is told only that they are not the seller', async () => {
    const owner = await signIn(ctx);
    const other = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    const listed = listingOf(await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '1' } }));
    const seen = await callAs(ctx, other, 'GET', `/nfts/${nftId}/listing`);
    expect(seen.body).toEqual({ listing: { ...listed, seller_is_me: false } });
    expect(JSON.stringify(seen.body)).not.toContain(owner.id);
  });

  it('cannot be listed twice: 409 already_listed, the first listing and its price unchanged', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    const first = listingOf(await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '5' } }));
    const again = await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '7' } });
    expect(errorOf(again)).toEqual({ status: 409, code: marketplaceErrorCodes.alreadyListed, message: marketplaceMessages.alreadyListed });
    expect((await callAs(ctx, owner, 'GET', `/nfts/${nftId}/listing`)).body).toEqual({ listing: first });
    expect(await listingEventsOf(ctx.sql, nftId)).toHaveLength(1);
  });

  it('cannot be removed when the NFT is not for sale: 409 not_listed, nothing announced', async () => {
    const owner = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, owner.id);
    const refused = await callAs(ctx, owner, 'DELETE', `/nfts/${nftId}/listing`);
    expect(errorOf(refused)).toEqual({ status: 409, code: marketplaceErrorCodes.notListed, message: marketplaceMessages.notForSale });
    await callAs(ctx, owner, 'POST', `/nfts/${nftId}/listing`, { body: { price: '5' } });
    await callAs(ctx, owner, 'DELETE', `/nfts/${nftId}/listing`);
    expect(errorOf(await callAs(ctx, owner, 'DELETE', `/nfts/${nftId}/listing`))).toMatchObject({ status: 409, code: marketplaceErrorCodes.notListed });
    expect((await salesOf(ctx.sql, nftId)).map((s) => s.status)).toEqual(['cancelled']);
    expect(await listingEventsOf(ctx.sql, nftId)).toHaveLength(2);
  });
});

describe('NFTs that cannot be listed', () => {
  it('a pending NFT: 409 not_minted on list and remove, nothing written', async () => {
    const owner = await signIn(ctx);
    const nftId = await pendingNft(ctx.sql, owner.id);
    for (const [method, body] of [
      ['POST', { price: '5' }],
      ['DELETE', undefined],
    ] as const) {
      expect(errorOf(await callAs(ctx, owner, method, `/nfts/${nftId}/listing`, { body })), method).toMatchObject({
        status: 409,
        code: nftErrorCodes.notMinted,
      });
    }
    expect((await callAs(ctx, owner, 'GET', `/nfts/${nftId}/listing`)).body).toEqual({ listing: null });
    expect(await salesOf(ctx.sql, nftId)).toEqual([]);
    expect(await listingEventsOf(ctx.sql, nftId)).toEqual([]);
  });

  it('an unknown NFT: 404 nft_not_found on every route', async () => {
    const who = await signIn(ctx);
    const path = `/nfts/${randomUUID()}/listing`;
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { price: '5' }],
      ['DELETE', undefined],
    ] as const) {
      expect(errorOf(await callAs(ctx, who, method, path, { body })), method).toEqual({
        status: 404,
        code: nftErrorCodes.nftNotFound,
        message: 'NFT not found',
      });
    }
  });

  it('a malformed id: 400 on every route, before any database work', async () => {
    const who = await signIn(ctx);
    for (const id of ['42', 'not-a-uuid', "1' or '1'='1"]) {
      for (const [method, body] of [
        ['GET', undefined],
        ['POST', { price: '5' }],
        ['DELETE', undefined],
      ] as const) {
        expect(errorOf(await callAs(ctx, who, method, `/nfts/${encodeURIComponent(id)}/listing`, { body })), `${method} ${id}`).toEqual({
          status: 400,
          code: 'validation_failed',
          message: 'NFT not found',
        });
      }
    }
  });

  it('a signed-out caller: 401 on every route', async () => {
    const nftId = randomUUID();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await ctx.app.app.request(`/api/marketplace/nfts/${nftId}/listing`, { method });
      expect(res.status, method).toBe(401);
    }
  });
});
