import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { marketplaceSearchAnswerSchema, type MarketplaceSearchAnswer } from '@starforge/contracts/marketplace';
import type { Tx } from '@starforge/service-kit';
import { withListenerHeld } from '@starforge/service-kit/notified-cache/testing/hold-listener';
import { serviceCopies, transactionIdOf } from '@starforge/service-kit/notified-cache/testing/service-copies';
import { testAppOf } from '@starforge/test-db/harness';
import { createApp } from '../app';
import { LISTINGS_CHANGED_CHANNEL, searchPageCache } from '../domain/search';
import { callAs, listingEventsOf, marketplaceTestContext, mintedNft, setNames, signIn, testTreasury, type TestUser } from '../testing/harness';

const ctx = marketplaceTestContext();

/** A word no other test's rows contain: every search here is scoped to its own rows. */
const token = () => `zc${randomBytes(5).toString('hex')}`;

/** A copy of the service as it runs in production: its own pool, search-page cache and LISTEN connection, on the one database. */
const { copyOf, committed: committedThrough } = serviceCopies({
  schema: 'marketplace',
  cacheOf: (sql, options: { capacity?: number; maxAgeMs?: number }, onNotify) => searchPageCache(sql, { ...options, onNotify }),
  // Search text is refreshed once, at the first search: here it changes only when a test changes it.
  appOf: (sql, cache) =>
    testAppOf(
      createApp(sql, { keys: ctx.tokens.keys, searchRefreshMs: 3_600_000, solanaTreasury: testTreasury, searchCache: cache, cards: ctx.cards }),
      'marketplace',
    ),
});

type Copy = Awaited<ReturnType<typeof copyOf>>;
let copies: [Copy, Copy];
beforeAll(async () => {
  copies = [await copyOf({}), await copyOf({})];
});

const search = async (copy: Copy, who: TestUser, q: string, seen?: string): Promise<MarketplaceSearchAnswer> => {
  const result = await callAs(copy, who, 'GET', `/listings?${new URLSearchParams({ q, ...(seen === undefined ? {} : { seen }) })}`);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return marketplaceSearchAnswerSchema.parse(result.body);
};
const shown = (answer: MarketplaceSearchAnswer) => ({ total: answer.total, listings: answer.listings.map((l) => [l.name, l.price_cents]) });

/** Commits `change` through the test's own pool and waits until each of `of` has heard it. */
const committed = (change: (tx: Tx) => Promise<unknown>, of: Copy[] = copies) => committedThrough(ctx.sql, change, of);

const insertListed = async (tx: Tx, nftId: string, sellerId: string, priceCents: number): Promise<string> => {
  const [row] = await tx<{ id: string }[]>`
    insert into marketplace.nft_sales (nft_id, seller_id, price_cents) values (${nftId}, ${sellerId}, ${priceCents}) returning id`;
  if (!row) throw new Error('not listed');
  return row.id;
};

describe('search pages kept in memory', () => {
  it('are shared by every viewer, each told whether they sell a listing', async () => {
    const tok = token();
    const seller = await signIn(ctx);
    const viewer = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, seller.id, `Kept ${tok}`);
    await ctx.sql.begin((tx) => insertListed(tx, nftId, seller.id, 500));
    const [copy] = copies;
    // The NFT's name is nft's and no listing's change announces it: a page that still shows the
    // old name after it changed was answered from memory. Tried again if another test file's
    // change to a listing emptied the cache meanwhile.
    await vi.waitFor(async () => {
      await ctx.sql`update nft.nft_mints set name = ${`Kept ${tok}`} where id = ${nftId}`;
      await search(copy, viewer, tok);
      const generation = copy.cache.generation;
      await ctx.sql`update nft.nft_mints set name = ${`Renamed ${tok}`} where id = ${nftId}`;
      const asSeller = await search(copy, seller, tok);
      const asViewer = await search(copy, viewer, tok);
      if (copy.cache.generation !== generation) throw new Error('emptied meanwhile by another change: once more');
      expect(asSeller.listings.map((l) => [l.name, l.seller_is_me])).toEqual([[`Kept ${tok}`, true]]);
      expect(asViewer.listings.map((l) => [l.name, l.seller_is_me])).toEqual([[`Kept ${tok}`, false]]);
    });
    // The viewer-independent page is one entry; neither answer carries the seller's id.
    expect(JSON.stringify(await search(copy, viewer, tok))).not.toContain(seller.id);
  });

  it('are never served stale, by either copy, once it heard a listing made, re-priced, withdrawn, listed again or sold elsewhere', async () => {
    const tok = token();
    const seller = await signIn(ctx);
    const buyer = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, seller.id, `Changing ${tok}`);
    const bothShow = async (expected: ReturnType<typeof shown>) => {
      // Twice: the first may load the page, the second is answered from memory.
      for (const copy of copies) for (let n = 0; n < 2; n++) expect(shown(await search(copy, buyer, tok))).toEqual(expected);
    };
    await bothShow({ total: 0, listings: [] });

    let listingId = '';
    await committed(async (tx) => {
      listingId = await insertListed(tx, nftId, seller.id, 100);
    });
    await bothShow({ total: 1, listings: [[`Changing ${tok}`, 100]] });

    await committed((tx) => tx`update marketplace.nft_sales set price_cents = 250 where id = ${listingId}`);
    await bothShow({ total: 1, listings: [[`Changing ${tok}`, 250]] });

    await committed((tx) => tx`update marketplace.nft_sales set status = 'cancelled', cancelled_at = now() where id = ${listingId}`);
    await bothShow({ total: 0, listings: [] });

    await committed(async (tx) => {
      listingId = await insertListed(tx, nftId, seller.id, 300);
    });
    await bothShow({ total: 1, listings: [[`Changing ${tok}`, 300]] });

    await committed((tx) => tx`update marketplace.nft_sales set status = 'sold', buyer_id = ${buyer.id}, sold_at = now() where id = ${listingId}`);
    await bothShow({ total: 0, listings: [] });
  });

  it('reach the other copy when a listing is made or withdrawn through one copy’s routes', async () => {
    const tok = token();
    const seller = await signIn(ctx);
    const buyer = await signIn(ctx);
    const [one, other] = copies;
    expect((await search(other, buyer, tok)).total).toBe(0);
    // Each copy's own writes announce themselves like anyone's: the other empties its pages once it hears.
    const heardAfter = async (write: () => Promise<{ status: number }>, expectedStatus: number) => {
      const generation = other.cache.generation;
      expect((await write()).status).toBe(expectedStatus);
      await vi.waitFor(() => expect(other.cache.generation).toBeGreaterThan(generation));
    };
    let nftId = '';
    await heardAfter(async () => {
      const created = await callAs(one, seller, 'POST', '/created-nfts', { body: { name: `Routed ${tok}`, price: '2.00' } });
      nftId = (created.body as { nft_id: string }).nft_id;
      return created;
    }, 201);
    expect(shown(await search(other, buyer, tok))).toEqual({ total: 1, listings: [[`Routed ${tok}`, 200]] });
    await heardAfter(() => callAs(one, seller, 'DELETE', `/nfts/${nftId}/listing`), 200);
    expect(shown(await search(other, buyer, tok))).toEqual({ total: 0, listings: [] });
  });

  it('never keep a page read before a change that commits while the search is in flight', async () => {
    const tok = token();
    const seller = await signIn(ctx);
    const viewer = await signIn(ctx);
    const nftId = await mintedNft(ctx.sql, seller.id, `Raced ${tok}`);
    const listingId = await ctx.sql.begin((tx) => insertListed(tx, nftId, seller.id, 100));
    const [copy] = copies;
    // The search's own statement runs; its answer is held until the change has committed and
    // this copy has heard it, as when the notification is read before the query's result.
    const get = copy.cache.get.bind(copy.cache);
    let read = false;
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    copy.cache.get = (key, load) =>
      get(key, async () => {
        const page = await load();
        read = true;
        await held;
        return page;
      });
    try {
      const inFlight = search(copy, viewer, tok);
      await vi.waitFor(() => expect(read).toBe(true));
      await committed((tx) => tx`update marketplace.nft_sales set price_cents = 150 where id = ${listingId}`, [copy]);
      answer();
      // Its own request is answered from what it read; nothing else ever is.
      expect(shown(await inFlight).listings).toEqual([[`Raced ${tok}`, 100]]);
    } finally {
      copy.cache.get = get;
      answer();
    }
    expect(shown(await search(copy, viewer, tok)).listings).toEqual([[`Raced ${tok}`, 150]]);
  });

  it('answer a search naming a change it has not heard of yet (seen) with that change, never the kept page', async () => {
    const tok = token();
    const seller = await signIn(ctx);
    const viewer = await signIn(ctx);
    const [copy] = copies;
    const nftId = await mintedNft(ctx.sql, seller.id, `Seen ${tok}`);
    const path = `/nfts/${nftId}/listing`;
    expect((await callAs(copy, seller, 'POST', path, { body: { price: '2.00' } })).status).toBe(201);
    expect((await callAs(copy, seller, 'DELETE', path)).status).toBe(200);
    const [withdrawn] = (await listingEventsOf(ctx.sql, nftId)).slice(-1) as [{ transactionId: string }];
    await vi.waitFor(() => expect(copy.heard.has(withdrawn.transactionId)).toBe(true));

    // This copy's LISTEN backend is stopped, so the re-listing's NOTIFY reaches it only later:
    // the failed CI run's order (the browser heard the public event first), made certain.
    await withListenerHeld(copy.cache, async () => {
      // The page without the NFT is kept.
      expect((await search(copy, viewer, tok, withdrawn.transactionId)).total).toBe(0);
      const generation = copy.cache.generation;
      expect((await callAs(copy, seller, 'POST', path, { body: { price: '3.00' } })).status).toBe(201);
      const [relisted] = (await listingEventsOf(ctx.sql, nftId)).slice(-1) as [{ status: string; transactionId: string }];
      expect(relisted.status).toBe('listed');
      // The event's transaction: read again past the kept page.
      expect(shown(await search(copy, viewer, tok, relisted.transactionId))).toEqual({ total: 1, listings: [[`Seen ${tok}`, 300]] });
      // Not kept either: the copy has not heard of the change, and a search without `seen` (as
      // the browser's was in CI) still gets the kept page until it does.
      expect(copy.cache.generation).toBe(generation);
      expect((await search(copy, viewer, tok)).total).toBe(0);
    });
    await vi.waitFor(() => expect(copy.cache.size).toBe(0));
    expect(shown(await search(copy, viewer, tok))).toEqual({ total: 1, listings: [[`Seen ${tok}`, 300]] });
  });

  it('refuse a seen that is not a transaction id', async () => {
    const viewer = await signIn(ctx);
    for (const seen of ['abc', '-1', '1.5', '123456789012345678901', '']) {
      const result = await callAs(copies[0], viewer, 'GET', `/listings?${new URLSearchParams({ q: 'x', seen })}`);
      expect(result.status, seen).toBe(400);
    }
  });

  it('are at most `capacity`, and a seller’s new display name shows once a page is `maxAgeMs` old', async () => {
    const small = await copyOf({ capacity: 3, maxAgeMs: 500 });
    const tok = token();
    const seller = await signIn(ctx);
    await setNames(ctx.sql, seller.id, `Old${tok}`, null);
    const nftId = await mintedNft(ctx.sql, seller.id, `Named ${tok}`);
    await ctx.sql.begin((tx) => insertListed(tx, nftId, seller.id, 100));
    for (let n = 0; n < 6; n++) {
      await search(small, seller, `${tok} ${n}`);
      expect(small.cache.size).toBeLessThanOrEqual(3);
    }
    expect((await search(small, seller, `named ${tok}`)).listings[0]?.seller_name).toBe(`Old${tok}`);
    // Auth's names: no listing's change announces them, the page's age bounds them.
    await setNames(ctx.sql, seller.id, `New${tok}`, null);
    const renamedAt = Date.now();
    await vi.waitFor(async () => expect((await search(small, seller, `named ${tok}`)).listings[0]?.seller_name).toBe(`New${tok}`), { timeout: 3_000 });
    expect(Date.now() - renamedAt).toBeLessThan(1_500);
  });
});

describe('migration 00005: what notifies marketplace_listings_changed', () => {
  it('a transaction that makes, re-prices, re-texts, withdraws, sells or deletes a listing, once; never one that changes no listed row or rolls back', async () => {
    const heard: string[] = [];
    const { unlisten } = await ctx.sql.listen(LISTINGS_CHANGED_CHANNEL, (xid) => heard.push(xid));
    try {
      const seller = await signIn(ctx);
      const buyer = await signIn(ctx);
      const nfts = await Promise.all([1, 2, 3, 4].map((n) => mintedNft(ctx.sql, seller.id, `Notified ${n}`)));
      const [a, b, c, d] = nfts as [string, string, string, string];
      const inTransaction = (work: (tx: Tx) => Promise<unknown>) =>
        ctx.sql.begin(async (tx) => {
          await work(tx);
          return transactionIdOf(tx);
        });
      let listed = '';
      const notifying = [
        await inTransaction(async (tx) => {
          listed = await insertListed(tx, a, seller.id, 100);
          // A second statement in the same transaction: still one notification.
          await insertListed(tx, b, seller.id, 100);
        }),
        await inTransaction((tx) => tx`update marketplace.nft_sales set price_cents = 200 where id = ${listed}`),
        await inTransaction((tx) => tx`update marketplace.nft_sales set search_text = search_text || ' more' where id = ${listed}`),
        await inTransaction((tx) => tx`update marketplace.nft_sales set status = 'cancelled', cancelled_at = now() where nft_id = ${b} and status = 'listed'`),
        await inTransaction((tx) => tx`update marketplace.nft_sales set status = 'sold', buyer_id = ${buyer.id}, sold_at = now() where id = ${listed}`),
        await inTransaction(async (tx) => {
          const id = await insertListed(tx, c, seller.id, 100);
          await tx`delete from marketplace.nft_sales where id = ${id}`;
        }),
      ];
      const silent = [
        // The sold row again: it is not listed before or after.
        await inTransaction((tx) => tx`update marketplace.nft_sales set price_cents = 300 where id = ${listed}`),
        await inTransaction((tx) => tx`update marketplace.nft_sales set price_cents = price_cents where nft_id = ${b}`),
        await inTransaction(
          (tx) =>
            tx`insert into marketplace.nft_sales (nft_id, seller_id, price_cents, status, cancelled_at) values (${d}, ${seller.id}, 100, 'cancelled', now())`,
        ),
        await inTransaction((tx) => tx`update marketplace.nft_sales set price_cents = 1 where false`),
      ];
      let rolledBack = '';
      await ctx.sql
        .begin(async (tx) => {
          await insertListed(tx, d, seller.id, 100);
          rolledBack = await transactionIdOf(tx);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      // Notifications arrive in commit order: once the last is heard, every earlier one was.
      const last = await inTransaction((tx) => insertListed(tx, d, seller.id, 100));
      await vi.waitFor(() => expect(heard).toContain(last));
      for (const xid of notifying) expect(heard.filter((h) => h === xid)).toHaveLength(1);
      expect(heard.filter((h) => [...silent, rolledBack].includes(h))).toEqual([]);
    } finally {
      await unlisten();
    }
  });
});
