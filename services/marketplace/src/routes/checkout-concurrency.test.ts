import { describe, expect, it } from 'vitest';
import { lineSoldMessage, marketplaceErrorCodes } from '@starforge/contracts/marketplace';
import { errorOf } from '@starforge/test-db/harness';
import {
  callAs,
  ledgerBreaks,
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

const pay = (who: TestUser, body: Record<string, unknown> = {}) => payByCard(ctx, who, body);

/** Lists the NFT straight into the table (the routes' write limit is for people, not for a test's setup). */
const listAt = (nftId: string, sellerId: string, priceCents: number) =>
  ctx.sql`insert into marketplace.nft_sales (nft_id, seller_id, price_cents) values (${nftId}, ${sellerId}, ${priceCents})`;

describe('concurrent checkouts', () => {
  it('50 buyers of one NFT at once: exactly one sale, seller and creator credited once each, balances equal ledgers', async () => {
    const [creator, seller] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftId = await nftWithRoyalty(ctx.sql, creator.id, 5);
    await transferNft(ctx.sql, nftId, creator.id, seller.id);
    await listAt(nftId, seller.id, 2000);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signIn(ctx)));
    for (const buyer of buyers) expect((await callAs(ctx, buyer, 'POST', '/cart', { body: { nft_id: nftId } })).status).toBe(201);
    const answers = await Promise.all(buyers.map((b) => pay(b)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // Every loser is told its line sold, naming it (its cart line stays, marked sold, until it removes it).
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(errorOf(refused)).toEqual({ status: 409, code: marketplaceErrorCodes.listingSold, message: lineSoldMessage('Royalty one') });
    }
    const winner = buyers[statuses.indexOf(201)];
    expect((await salesOf(ctx.sql, nftId)).map((s) => [s.status, s.buyerId])).toEqual([['sold', winner?.id]]);
    expect((await saleLedgerOf(ctx.sql, nftId)).map((r) => [r.userId, r.transactionType, Number(r.amountCents)])).toEqual([
      [creator.id, 'royalty', 100],
      [seller.id, 'sale_proceeds', 1900],
    ]);
    const [payments] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from marketplace.payment_items where nft_id = ${nftId}`;
    expect(payments?.n).toBe(1);
    // no loser was charged: one payment among all 50 buyers
    const [charged] = await ctx.sql<
      { n: number }[]
    >`select count(*)::int as n from marketplace.payments where user_id = any(${buyers.map((b) => b.id)}::uuid[])`;
    expect(charged?.n).toBe(1);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('crossed purchases (A buys B’s NFT while B buys A’s), 20 of each at once, with creators on both sides: none deadlocks, all complete', async () => {
    const [a, b] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        // Half the NFTs were created by the other side, so the royalty crosses too.
        const ofA = await nftWithRoyalty(ctx.sql, i % 2 ? b.id : a.id, 5);
        const ofB = await nftWithRoyalty(ctx.sql, i % 2 ? a.id : b.id, 5);
        if (i % 2) {
          await transferNft(ctx.sql, ofA, b.id, a.id);
          await transferNft(ctx.sql, ofB, a.id, b.id);
        }
        await listAt(ofA, a.id, 1000 + i);
        await listAt(ofB, b.id, 1000 + i);
        return { ofA, ofB };
      }),
    );
    const answers = await Promise.all(
      pairs.flatMap((p, i) => [pay(a, { nft_id: p.ofB, price_cents: 1000 + i }), pay(b, { nft_id: p.ofA, price_cents: 1000 + i })]),
    );
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    const owners = await ctx.sql<{ id: string; currentOwnerId: string }[]>`
      select id, current_owner_id from nft.nfts where id = any(${pairs.flatMap((p) => [p.ofA, p.ofB])}::uuid[])`;
    for (const { ofA, ofB } of pairs) {
      expect(owners.find((o) => o.id === ofA)?.currentOwnerId).toBe(b.id);
      expect(owners.find((o) => o.id === ofB)?.currentOwnerId).toBe(a.id);
    }
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('a removal racing a purchase of the same NFT queues behind it (listing row, then NFT, in both): never a deadlock', async () => {
    const [seller, buyer] = await Promise.all([signIn(ctx), signIn(ctx)]);
    const nftIds = await Promise.all(Array.from({ length: 10 }, () => nftWithRoyalty(ctx.sql, seller.id, 5)));
    for (const nftId of nftIds) await listAt(nftId, seller.id, 500);
    const outcomes = await Promise.all(
      nftIds.map(async (nftId) => {
        const [removed, paid] = await Promise.all([callAs(ctx, seller, 'DELETE', `/nfts/${nftId}/listing`), pay(buyer, { nft_id: nftId, price_cents: 500 })]);
        return `${removed.status} ${paid.status}`;
      }),
    );
    // either the removal won (the purchase finds it not for sale) or the sale did (the seller no longer owns it)
    for (const outcome of outcomes) expect(['200 409', '403 201']).toContain(outcome);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });
});
