import { MARKETPLACE_PAGE_SIZE, type MarketplaceListing, type MarketplaceSearchAnswer, type MarketplaceSearchQuery } from '@starforge/contracts/marketplace';
import { nftImageUrl } from '@starforge/contracts/nft';
import { containsPattern, jsonText, NotifiedCache, type Db, type JsonText, type Sql } from '@starforge/service-kit';
import { publicProfiles } from '@starforge/auth-published';
import { nfts } from '@starforge/nft-published';
import { NAMELESS_USER } from './listing-rows';

/** A row of the search's statement: the total, and one listing of the page (all null when the page is empty). */
type SearchRow = { total: string } & (
  | {
      listingId: string;
      nftId: string;
      name: string;
      description: string;
      imageKey: string | null;
      tokenId: string | null;
      username: string | null;
      priceCents: string;
      listedAt: Date;
      sellerId: string;
    }
  | { listingId: null }
);

/**
 * A page of a search as every viewer shares it: each listing with its seller's id, kept in the
 * service (for `seller_is_me`) and never sent.
 */
export interface SearchPage {
  listings: { sellerId: string; listing: Omit<MarketplaceListing, 'seller_is_me'> }[];
  total: number;
  /** The answer for a viewer who sells none of these listings (most viewers), serialized once. */
  anyone: JsonText<MarketplaceSearchAnswer>;
}

/** How often the listings' search text is brought up to date with sellers' names, and so how old a kept page may be. */
export const SEARCH_REFRESH_MS = 30_000;

/** The channel migration 00005's trigger notifies (the writing transaction's id) when a listed row of nft_sales changes. */
export const LISTINGS_CHANGED_CHANNEL = 'marketplace_listings_changed';

/** Search pages kept in this process, emptied by every change to a listing (any copy's); see `searchPageCache`. */
export type SearchPageCache = NotifiedCache<SearchPage>;

/**
 * The process's search pages, by (q, page), at most `capacity` of them (about 20 KB each), each
 * kept until a listing changes (migration 00005's NOTIFY: listed, sold, cancelled, re-priced, its
 * search text rewritten) and at most `maxAgeMs` (default SEARCH_REFRESH_MS): a seller's new
 * display name, which no listing's change announces, shows within that time. `onNotify` is told
 * each notification's transaction id (tests wait for their own change).
 */
export const searchPageCache = (
  sql: Sql,
  { capacity = 500, maxAgeMs = SEARCH_REFRESH_MS, onNotify }: { capacity?: number; maxAgeMs?: number; onNotify?: (transactionId: string) => void } = {},
): SearchPageCache => new NotifiedCache<SearchPage>(sql, { channel: LISTINGS_CHANGED_CHANNEL, capacity, maxAgeMs, ...(onNotify ? { onNotify } : {}) });

const matchOf = (db: Db, q: string) => (q === '' ? db`` : db`and search_text ilike ${containsPattern(q)}`);

/**
 * A page of listed NFTs, newest first, with the total of the search; `q` matched
 * case-insensitively on the listing's search text (the pg_trgm index when the server has it).
 *
 * The page's 24 listings and the total are found on nft_sales alone (the newest-first index, or
 * the trigram index for a search), and only those 24 are joined to their NFTs and sellers' names:
 * joining first and counting over the join (`count(*) over ()`) built every listed row for each
 * page, ~15 ms with 10,000 listings against ~1 ms this way (bench/RESULTS.md, marketplace). One
 * statement, so the total and the page are read in one snapshot and one round trip: the count's
 * one row, and the page's listings beside it (none past the end: one row of nulls).
 */
const readSearchPage = async (db: Db, { q, page }: MarketplaceSearchQuery): Promise<SearchPage> => {
  const rows = await db<SearchRow[]>`
    select counted.total, listed.*
    from (select count(*) as total from marketplace.nft_sales where status = 'listed' ${matchOf(db, q)}) counted
    left join lateral (
      select page.id as listing_id, n.id as nft_id, n.name, n.description, n.image_key, n.token_id, p.display_name as username,
             page.price_cents, page.created_at as listed_at, page.seller_id
      from (
        select id, nft_id, seller_id, price_cents, created_at
        from marketplace.nft_sales
        where status = 'listed' ${matchOf(db, q)}
        order by created_at desc, id desc
        limit ${MARKETPLACE_PAGE_SIZE} offset ${(page - 1) * MARKETPLACE_PAGE_SIZE}
      ) page
      join ${nfts(db)} n on n.id = page.nft_id
      left join ${publicProfiles(db)} p on p.id = page.seller_id
    ) listed on true
    order by listed.listed_at desc, listed.listing_id desc`;
  const found = {
    listings: rows.flatMap((r) =>
      r.listingId === null
        ? []
        : [
            {
              sellerId: r.sellerId,
              listing: {
                listing_id: r.listingId,
                nft_id: r.nftId,
                name: r.name,
                description: r.description,
                image_url: r.imageKey === null ? null : nftImageUrl(r.imageKey),
                token_id: r.tokenId,
                seller_name: r.username ?? NAMELESS_USER,
                price_cents: Number(r.priceCents),
                listed_at: r.listedAt.toISOString(),
              },
            },
          ],
    ),
    total: Number(rows[0]?.total ?? 0),
  };
  return { ...found, anyone: jsonText(answerOf(found, null, page)) };
};

/** The answer as `viewerId` sees it (null: a viewer who sells none of the page). */
const answerOf = ({ listings, total }: Omit<SearchPage, 'anyone'>, viewerId: string | null, page: number): MarketplaceSearchAnswer => ({
  listings: listings.map(({ sellerId, listing }) => ({ ...listing, seller_is_me: sellerId === viewerId })),
  total,
  page,
  page_size: MARKETPLACE_PAGE_SIZE,
});

/**
 * The search's answer for `viewerId`, as JSON: the page from `cache` when given (a kept page is
 * shared by every viewer; only `seller_is_me` is the viewer's), else read now. With `query.seen`
 * (a `marketplace.listing_changed`'s transaction), never a page read before that transaction; `fresh`
 * (the caller's own change, `Cache-Control: no-cache`), read now and kept. Most viewers sell
 * none of a page and get its JSON as it was made once; a seller's answer is made for them.
 */
export const searchAnswer = async (
  db: Db,
  viewerId: string,
  query: MarketplaceSearchQuery,
  cache?: SearchPageCache,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<JsonText<MarketplaceSearchAnswer>> => {
  const found = cache
    ? await cache.get(`${query.page}:${query.q}`, () => readSearchPage(db, query), { seen: query.seen, fresh })
    : await readSearchPage(db, query);
  return found.listings.some((l) => l.sellerId === viewerId) ? jsonText(answerOf(found, viewerId, query.page)) : found.anyone;
};

/**
 * Brings listings' search text up to date with sellers' names (`marketplace.refresh_listing_search`),
 * at most once every `everyMs` per process, one run at a time. A search starts a due run and does
 * not wait for it (a run over 10,000 listings takes ~30 ms, and every search behind it would wait
 * too): a seller who renames themselves is found by the new name within `everyMs` and a run.
 * Auth never calls marketplace, so this is how a renamed seller becomes findable by the new name.
 */
export const searchRefresher = (sql: Sql, everyMs: number) => {
  let lastStarted = Number.NEGATIVE_INFINITY;
  let running = false;
  return (): void => {
    if (running || Date.now() - lastStarted < everyMs) return;
    lastStarted = Date.now();
    running = true;
    sql`select marketplace.refresh_listing_search()`
      .catch((error: unknown) => console.error('[marketplace] search text refresh failed', error))
      .finally(() => {
        running = false;
      });
  };
};
