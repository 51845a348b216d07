import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MARKETPLACE_PAGE_SIZE, marketplaceSearchAnswerSchema, type MarketplaceSearchAnswer } from '@starforge/contracts/marketplace';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, eventually, listedNft, marketplaceTestContext, setNames, signIn, type TestUser } from '../testing/harness';
import { trigramIndexCall, withoutPgTrgm } from '@starforge/service-kit/trigram-index/testing/without-pg-trgm';

const ctx = marketplaceTestContext();

/** A word no other test's rows contain: every search here is scoped to its own rows. */
const token = () => `zq${randomBytes(5).toString('hex')}`;

const search = async (who: TestUser, q: string, page?: number): Promise<MarketplaceSearchAnswer> => {
  const params = new URLSearchParams({ q, ...(page ? { page: String(page) } : {}) });
  const result = await callAs(ctx, who, 'GET', `/listings?${params}`);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return marketplaceSearchAnswerSchema.parse(result.body);
};
const namesOf = (answer: MarketplaceSearchAnswer) => answer.listings.map((l) => l.name);

describe('GET /listings', () => {
  it("matches name, description, the seller's first, last, full and display name case-insensitively, never the e-mail", async () => {
    const tok = token();
    const seller = await ctx.tokens.signIn(ctx.sql, `mail${tok}@example.com`).then(({ user, token }) => ({ user, token, id: user.id }));
    const viewer = await signIn(ctx);
    await setNames(ctx.sql, seller.id, `First${tok}`, `Last${tok}`);
    const { nftId, listingId } = await listedNft(ctx.sql, seller.id, { name: `Name${tok}`, description: `A calm ${tok}desc sky`, priceCents: 1250 });

    for (const q of [`NAME${tok.toUpperCase()}`, `${tok}DESC SKY`, `first${tok}`, `LAST${tok.toUpperCase()}`, `first${tok} last${tok}`, `  name${tok}  `]) {
      const answer = await search(viewer, q);
      expect(namesOf(answer), q).toEqual([`Name${tok}`]);
      expect(answer.total, q).toBe(1);
    }
    const [listing] = (await search(viewer, `name${tok}`)).listings;
    expect(listing).toEqual({
      listing_id: listingId,
      nft_id: nftId,
      name: `Name${tok}`,
      description: `A calm ${tok}desc sky`,
      image_url: null,
      token_id: expect.any(String),
      seller_name: `First${tok} Last${tok}`,
      price_cents: 1250,
      listed_at: expect.any(String),
      seller_is_me: false,
    });
    expect((await search(seller, `name${tok}`)).listings[0]?.seller_is_me).toBe(true);
    expect(JSON.stringify(await search(viewer, `name${tok}`))).not.toContain('@example.com');

    for (const q of [`mail${tok}`, `mail${tok}@example.com`, 'example.com']) {
      expect(namesOf(await search(viewer, q)), q).not.toContain(`Name${tok}`);
    }
  });

  it('finds a seller by the new name once they rename themselves', async () => {
    const tok = token();
    const seller = await signIn(ctx);
    await setNames(ctx.sql, seller.id, `Old${tok}`, null);
    await listedNft(ctx.sql, seller.id, { name: `Renamed ${tok}` });
    expect((await search(seller, `old${tok}`)).total).toBe(1);

    await setNames(ctx.sql, seller.id, `New${tok}`, 'Person');
    // A search starts the refresh and does not wait for it: the next ones find the new name.
    await eventually(async () => {
      const answer = await search(seller, `new${tok} person`);
      expect(answer.total).toBe(1);
      expect(answer.listings[0]?.seller_name).toBe(`New${tok} Person`);
    });
    expect((await search(seller, `old${tok}`)).total).toBe(0);
  });

  it('shows a seller without names as "Starforge user", not by their e-mail', async () => {
    const tok = token();
    const seller = await ctx.tokens.signIn(ctx.sql, `hidden${tok}@example.com`).then(({ user }) => user);
    await listedNft(ctx.sql, seller.id, { name: `Nameless ${tok}` });
    const viewer = await signIn(ctx);
    const answer = await search(viewer, tok);
    expect(answer.listings.map((l) => l.seller_name)).toEqual(['Starforge user']);
    expect((await search(viewer, `hidden${tok}`)).total).toBe(0);
  });

  it('shows a seller without names by their linked wallet, shortened', async () => {
    const tok = token();
    const seller = await signIn(ctx);
    const wallet = `W${tok}${'1'.repeat(30)}Zz9`;
    await ctx.sql`insert into auth.wallet_auth (user_id, wallet_address, is_primary) values (${seller.id}, ${wallet}, true)`;
    await listedNft(ctx.sql, seller.id, { name: `Walleted ${tok}` });
    const answer = await search(seller, `walleted ${tok}`);
    expect(answer.listings.map((l) => l.seller_name)).toEqual([`W${tok.slice(0, 3)}…1Zz9`]);
  });

  it(`pages newest first, ${MARKETPLACE_PAGE_SIZE} a page, with the total`, async () => {
    const tok = token();
    const seller = await signIn(ctx);
    const start = Date.now() - 3_600_000;
    // Listed one minute apart: Paged 00 the oldest, Paged 29 the newest.
    for (let i = 0; i < 30; i += 1) {
      await listedNft(ctx.sql, seller.id, { name: `Paged ${tok} ${String(i).padStart(2, '0')}`, listedAt: new Date(start + i * 60_000) });
    }
    const first = await search(seller, tok);
    expect(first).toMatchObject({ total: 30, page: 1, page_size: MARKETPLACE_PAGE_SIZE });
    expect(namesOf(first)).toEqual(Array.from({ length: 24 }, (_, i) => `Paged ${tok} ${String(29 - i).padStart(2, '0')}`));
    const second = await search(seller, tok, 2);
    expect(second).toMatchObject({ total: 30, page: 2 });
    expect(namesOf(second)).toEqual(Array.from({ length: 6 }, (_, i) => `Paged ${tok} ${String(5 - i).padStart(2, '0')}`));
    expect(await search(seller, tok, 3)).toMatchObject({ listings: [], total: 30, page: 3 });
    expect(await search(seller, `${tok}-nothing`)).toMatchObject({ listings: [], total: 0, page: 1 });

    // Without q: every listed NFT, newest first.
    const all = await search(seller, '');
    expect(all.total).toBeGreaterThanOrEqual(30);
    const times = all.listings.map((l) => Date.parse(l.listed_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('leaves out sold and cancelled listings', async () => {
    const tok = token();
    const seller = await signIn(ctx);
    const buyer = await signIn(ctx);
    await listedNft(ctx.sql, seller.id, { name: `Still ${tok}` });
    const cancelled = await listedNft(ctx.sql, seller.id, { name: `Cancelled ${tok}` });
    const sold = await listedNft(ctx.sql, seller.id, { name: `Sold ${tok}` });
    await ctx.sql`update marketplace.nft_sales set status = 'cancelled', cancelled_at = now() where id = ${cancelled.listingId}`;
    await ctx.sql`update marketplace.nft_sales set status = 'sold', sold_at = now(), buyer_id = ${buyer.id} where id = ${sold.listingId}`;
    expect(await search(buyer, tok)).toMatchObject({ total: 1, listings: [{ name: `Still ${tok}` }] });
  });

  it('matches %, _ and \\ literally', async () => {
    const tok = token();
    const seller = await signIn(ctx);
    for (const name of [`P${tok} 100% off`, `P${tok} 100x off`, `U${tok} a_b`, `U${tok} axb`, `B${tok} a\\b`, `B${tok} ab`]) {
      await listedNft(ctx.sql, seller.id, { name });
    }
    expect(namesOf(await search(seller, `${tok} 100%`))).toEqual([`P${tok} 100% off`]);
    expect(namesOf(await search(seller, `${tok} a_b`))).toEqual([`U${tok} a_b`]);
    expect(namesOf(await search(seller, `${tok} a\\b`))).toEqual([`B${tok} a\\b`]);
    expect((await search(seller, `%${tok}`)).total).toBe(0);
  });

  it('refuses a search over 100 characters and a page that is not a whole number from 1', async () => {
    const user = await signIn(ctx);
    expect((await search(user, 'x'.repeat(100))).total).toBe(0);
    for (const path of [`/listings?q=${'x'.repeat(101)}`, '/listings?page=0', '/listings?page=1.5', '/listings?page=abc']) {
      expect(errorOf(await callAs(ctx, user, 'GET', path)).status, path).toBe(400);
    }
  });

  it('is refused without a session', async () => {
    const res = await ctx.app.app.request('/api/marketplace/listings');
    expect(res.status).toBe(401);
  });
});

describe('the search index', () => {
  it('is the pg_trgm index when the extension exists (the fallback scans without it)', async () => {
    const [ext] = await ctx.sql<{ present: boolean }[]>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as present`;
    const tok = token();
    const seller = await signIn(ctx);
    const plan = await ctx.sql
      .begin(async (tx) => {
        // Six thousand listings, rolled back at the end: other files never see them.
        await tx`
          insert into nft.nft_mints (user_id, name, description, category, origin, original_creator_id, current_owner_id,
                                     status, tx_hash, token_id, minted_at)
          select ${seller.id}, 'Bulk ' || i || ' ' || md5(i::text), 'Filler ' || md5((i * 7)::text), 'Art', 'creator', ${seller.id}, ${seller.id},
                 'completed', '0x' || md5(i::text), ${tok} || '-' || i, now()
          from generate_series(1, 6000) i`;
        await tx`
          insert into marketplace.nft_sales (nft_id, seller_id, price_cents)
          select id, ${seller.id}, 100 from nft.nft_mints where token_id like ${`${tok}-%`}`;
        await tx`analyze marketplace.nft_sales`;
        const rows = await tx<Record<string, string>[]>`
          explain select listing_id from marketplace.marketplace_nfts
          where search_text ilike ${`%${tok}needle%`} order by listed_at desc, listing_id desc limit 24`;
        throw Object.assign(new Error('rollback'), { plan: rows.map((r) => Object.values(r)[0]).join('\n') });
      })
      .catch((e: { plan?: string }) => {
        if (e.plan === undefined) throw e;
        return e.plan;
      });
    if (ext?.present) expect(plan).toContain('nft_sales_search_trgm');
    // Without pg_trgm the migration made no index: the same ILIKE filters the listed rows.
    else expect(plan).not.toContain('nft_sales_search_trgm');
  });

  it('is made only when the extension exists: the migration goes on without it, and the search scans instead', async () => {
    // The migration's own call, made on a server without pg_trgm.
    const migration = await readFile(fileURLToPath(new URL('../../migrations/00002_marketplace_nfts.sql', import.meta.url)), 'utf8');
    const call = trigramIndexCall(migration);
    const tok = token();
    const seller = await signIn(ctx);
    await listedNft(ctx.sql, seller.id, { name: `Fallback ${tok}` });
    const outcome = await ctx.sql
      .begin(async (tx) => {
        await tx`drop index if exists marketplace.nft_sales_search_trgm`;
        await withoutPgTrgm(tx, 'marketplace');
        expect(await tx.unsafe(call)).toEqual([{ createTrigramIndex: false }]);
        const indexes = await tx<{ indexname: string }[]>`select indexname from pg_indexes where tablename = 'nft_sales' and indexname like '%trgm%'`;
        const found = await tx<{ name: string }[]>`select name from marketplace.marketplace_nfts where search_text ilike ${`%${tok.toUpperCase()}%`}`;
        throw Object.assign(new Error('rollback'), { outcome: { indexes: indexes.length, found: found.map((r) => r.name) } });
      })
      .catch((e: { outcome?: unknown }) => {
        if (e.outcome === undefined) throw e;
        return e.outcome;
      });
    expect(outcome).toEqual({ indexes: 0, found: [`Fallback ${tok}`] });
  });

  it('finds a listing made through the routes (the insert builds its search text)', async () => {
    const tok = token();
    const seller = await signIn(ctx);
    const created = await callAs(ctx, seller, 'POST', '/created-nfts', { body: { name: `Routed ${tok}`, price: '3.00' } });
    expect(created.status).toBe(201);
    expect(await search(seller, `routed ${tok}`)).toMatchObject({ total: 1, listings: [{ name: `Routed ${tok}`, price_cents: 300, seller_is_me: true }] });
  });

  it('reads sellers through auth.public_profiles, which has no e-mail column', async () => {
    const columns = await ctx.sql<{ columnName: string }[]>`
      select column_name from information_schema.columns where table_schema = 'auth' and table_name = 'public_profiles' order by ordinal_position`;
    expect(columns.map((c) => c.columnName)).toEqual(['id', 'display_name', 'first_name', 'last_name']);
  });
});
