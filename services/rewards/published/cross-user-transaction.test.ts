import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createSql,
  crossUserTransaction,
  migrate,
  publishEvent,
  serviceMigrationsDir,
  type CrossUserPlan,
  type Db,
  type Sql,
  type UserMove,
} from '@starforge/service-kit';
import { creditCash, debitCash, rewardsMoves } from './client';

// The kit's crossUserTransaction (its lock order) with rewards' moves, tested here beside the
// client that builds them: the kit names no domain's functions.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));

let sql: Sql;
beforeAll(async () => {
  sql = createSql(inject('databaseUrl'), { max: 10 });
  await migrate(sql, 'events', serviceMigrationsDir(root, 'events'));
  await migrate(sql, 'rewards', serviceMigrationsDir(root, 'rewards'));
  await migrate(sql, 'kit_listings', fixtures);
});
afterAll(() => sql.end());

interface Listing {
  id: string;
  sellerId: string;
  creatorId: string;
  priceCents: string;
  royaltyPercent: number;
  buyerId: string | null;
}

const list = async (seller: string, creator: string, priceCents: number, royaltyPercent: number): Promise<string> => {
  const [row] = await sql<{ id: string }[]>`
    insert into kit_listings.listings (seller_id, creator_id, price_cents, royalty_percent)
    values (${seller}, ${creator}, ${priceCents}, ${royaltyPercent}) returning id`;
  if (!row) throw new Error('not listed');
  return row.id;
};

const fund = (user: string, cents: number) =>
  creditCash(sql, { userId: user, cents, kind: 'bounty_reward', description: 'Test funds', source: null, key: `fund:${randomUUID()}` });

const lockListing = async (tx: Db, listingId: string): Promise<Listing> => {
  const [listing] = await tx<Listing[]>`
    select id, seller_id, creator_id, price_cents, royalty_percent, buyer_id from kit_listings.listings where id = ${listingId} for update`;
  if (!listing) throw new Error('no such listing');
  return listing;
};

/** Who is paid what for a listing: the buyer pays the price, the seller gets it less the creator's royalty. */
const planOf = (listing: Listing, buyer: string): CrossUserPlan<string> => {
  const price = Number(listing.priceCents);
  const royalty = Math.floor((price * listing.royaltyPercent) / 100);
  const source = { type: 'nft_sale' as const, id: listing.id };
  const moves: UserMove[] = [
    rewardsMoves.debitCash({ userId: buyer, cents: price, kind: 'sale_proceeds', description: 'NFT bought', source, key: `sale:${listing.id}:paid` }),
    rewardsMoves.creditCash({
      userId: listing.sellerId,
      cents: price - royalty,
      kind: 'sale_proceeds',
      description: 'NFT sold',
      source,
      key: `sale:${listing.id}:proceeds`,
    }),
    rewardsMoves.creditCash({ userId: listing.creatorId, cents: royalty, kind: 'royalty', description: 'Royalty', source, key: `sale:${listing.id}:royalty` }),
  ];
  const events = [buyer, listing.sellerId].map((userId) => ({ userId, type: 'rewards.account_changed' as const, data: { reason: 'nft_sale' } }));
  // Every open tab's grid learns the listing sold: published last, after every user's events.
  const publicEvents = [{ type: 'marketplace.listing_changed' as const, data: { listingId: listing.id, nftId: listing.id, status: 'sold' as const } }];
  return { result: listing.id, moves, events, publicEvents };
};

/** The marketplace's checkout, as the next domain will write it: the listing locked and sold first, then the value. */
const salePlan = async (tx: Db, listingId: string, buyer: string): Promise<CrossUserPlan<string>> => {
  const listing = await lockListing(tx, listingId);
  if (listing.buyerId) throw new Error('already sold');
  await tx`update kit_listings.listings set buyer_id = ${buyer}, sold_at = now() where id = ${listingId}`;
  return planOf(listing, buyer);
};

const sell = (listingId: string, buyer: string) => crossUserTransaction(sql, (tx) => salePlan(tx, listingId, buyer));

const cashOf = async (user: string) => {
  const [row] = await sql<{ cash: string }[]>`select cash_balance_cents as cash from rewards.user_balances where user_id = ${user}`;
  return Number(row?.cash ?? 0);
};
const breaksOf = (users: string[]) => sql`select user_id from rewards.ledger_breaks where user_id in ${sql(users)}`;
const sqlStateOf = (error: unknown) => (error instanceof postgres.PostgresError ? error.code : String(error));

describe('crossUserTransaction', () => {
  it('moves the value of a sale once per key: proceeds to the seller, the royalty to the creator, a zero amount skipped', async () => {
    const [seller, buyer, creator] = [randomUUID(), randomUUID(), randomUUID()];
    await fund(buyer, 5_000);
    const paid = await sell(await list(seller, creator, 2_000, 5), buyer);
    expect(paid.moved).toEqual([true, true, true]);
    expect([await cashOf(buyer), await cashOf(seller), await cashOf(creator)]).toEqual([3_000, 1_900, 100]);

    const noRoyalty = await sell(await list(seller, creator, 1_000, 0), buyer);
    expect(noRoyalty.moved).toEqual([true, true, false]);
    expect(await cashOf(creator)).toBe(100);
    expect(Number((await sql`select count(*) from rewards.transactions where user_id = ${creator}`)[0]?.count)).toBe(1);

    // The same plan again (a retried request that got past its own checks): the keys move nothing.
    const again = await crossUserTransaction(sql, async (tx) => planOf(await lockListing(tx, paid.result), buyer));
    expect(again.moved).toEqual([false, false, false]);
    expect(await breaksOf([seller, buyer, creator])).toEqual([]);
  });

  it('rolls back everything, the domain rows too, when a user cannot pay', async () => {
    const [seller, buyer, creator] = [randomUUID(), randomUUID(), randomUUID()];
    await fund(buyer, 999);
    const listing = await list(seller, creator, 1_000, 10);
    await expect(sell(listing, buyer)).rejects.toMatchObject({ code: 'RW002' });
    const [row] = await sql`select buyer_id from kit_listings.listings where id = ${listing}`;
    expect(row?.buyerId).toBeNull();
    expect([await cashOf(buyer), await cashOf(seller), await cashOf(creator)]).toEqual([999, 0, 0]);
  });

  it('lets a creator be the buyer or the seller: each user takes their locks once, in one turn', async () => {
    const [seller, buyer] = [randomUUID(), randomUUID()];
    await fund(buyer, 10_000);
    await sell(await list(seller, buyer, 1_000, 10), buyer);
    await sell(await list(seller, seller, 1_000, 10), buyer);
    expect([await cashOf(buyer), await cashOf(seller)]).toEqual([10_000 - 1_000 + 100 - 1_000, 900 + 900 + 100]);
    expect(await breaksOf([seller, buyer])).toEqual([]);
  });

  it('never deadlocks: 50 concurrent sales A→B beside B→A, with creators on either side, all pass', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await fund(a, 1_000_000);
    await fund(b, 1_000_000);
    const creators = [a, b, c];
    const sales = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const [seller, buyer] = i % 2 === 0 ? [a, b] : [b, a];
        const creator = creators[i % 3] ?? c;
        return { listing: await list(seller, creator, 1_000 + i, i % 4 === 0 ? 0 : 10), seller, buyer };
      }),
    );
    const outcomes = await Promise.allSettled(sales.map((s) => sell(s.listing, s.buyer)));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [sqlStateOf(o.reason)] : []));
    expect(failures).toEqual([]);

    const expected = new Map([a, b, c].map((u) => [u, u === c ? 0 : 1_000_000]));
    sales.forEach((s, i) => {
      const price = 1_000 + i;
      const royalty = Math.floor((price * (i % 4 === 0 ? 0 : 10)) / 100);
      const creator = creators[i % 3] ?? c;
      expected.set(s.buyer, (expected.get(s.buyer) ?? 0) - price);
      expected.set(s.seller, (expected.get(s.seller) ?? 0) + price - royalty);
      expected.set(creator, (expected.get(creator) ?? 0) + royalty);
    });
    expect([await cashOf(a), await cashOf(b), await cashOf(c)]).toEqual([expected.get(a), expected.get(b), expected.get(c)]);
    expect(await breaksOf([a, b, c])).toEqual([]);
  });

  it('(why) the naive order, buyer then seller, deadlocks against the mirror-image sale', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await fund(a, 10_000);
    await fund(b, 10_000);
    // Each sale debits its buyer, waits until the other has too, then credits its seller.
    let arrived = 0;
    let release: () => void = () => {};
    const bothDebited = new Promise<void>((resolve) => {
      release = resolve;
    });
    const naiveSale = (buyer: string, seller: string) =>
      sql.begin(async (tx) => {
        const key = randomUUID();
        await debitCash(tx, { userId: buyer, cents: 100, kind: 'sale_proceeds', description: 'NFT bought', source: null, key: `naive:${key}:paid` });
        arrived += 1;
        if (arrived === 2) release();
        await bothDebited;
        await creditCash(tx, { userId: seller, cents: 100, kind: 'sale_proceeds', description: 'NFT sold', source: null, key: `naive:${key}:proceeds` });
        await publishEvent(tx, { userId: seller, type: 'rewards.account_changed', data: { reason: 'nft_sale' } });
      });
    const outcomes = await Promise.allSettled([naiveSale(a, b), naiveSale(b, a)]);
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [sqlStateOf(o.reason)] : []));
    expect(failures).toEqual(['40P01']);
  });
});
