import { MARKETPLACE_PAGE_SIZE, nftImageUrl, type MarketplaceSearchAnswer, type MarketplaceSearchQuery } from '@starforge/contracts';
import type { Db, Sql } from '@starforge/service-kit';
import { NAMELESS_USER } from './listing-rows';

interface SearchRow {
  listingId: string;
  nftId: string;
  name: string;
  description: string;
  imageKey: string | null;
  tokenId: string | null;
  username: string | null;
  priceCents: string;
  listedAt: Date;
  sellerIsMe: boolean;
  total: string;
}

/** `q` as a LIKE pattern that matches it literally anywhere: `\`, `%` and `_` escaped (LIKE's default escape is `\`). */
const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const matchOf = (db: Db, q: string) => (q === '' ? db`` : db`and search_text ilike ${containsPattern(q)}`);

/**
 * A page of listed NFTs, newest first, with the total of the search; `q` matched
 * case-insensitively on the listing's search text (the pg_trgm index when the server has it).
 */
export const searchListings = async (db: Db, viewerId: string, { q, page }: MarketplaceSearchQuery): Promise<MarketplaceSearchAnswer> => {
  const match = matchOf(db, q);
  const rows = await db<SearchRow[]>`
    select listing_id, id as nft_id, name, description, image_key, token_id, username, price as price_cents, listed_at,
           seller_id = ${viewerId} as seller_is_me, count(*) over () as total
    from marketplace.marketplace_nfts
    where true ${match}
    order by listed_at desc, listing_id desc
    limit ${MARKETPLACE_PAGE_SIZE} offset ${(page - 1) * MARKETPLACE_PAGE_SIZE}`;
  // A page past the end has no rows to carry the total: count it on its own.
  const total = rows[0] ? Number(rows[0].total) : page === 1 ? 0 : await countListings(db, q);
  return {
    listings: rows.map((r) => ({
      listing_id: r.listingId,
      nft_id: r.nftId,
      name: r.name,
      description: r.description,
      image_url: r.imageKey === null ? null : nftImageUrl(r.imageKey),
      token_id: r.tokenId,
      seller_name: r.username ?? NAMELESS_USER,
      price_cents: Number(r.priceCents),
      listed_at: r.listedAt.toISOString(),
      seller_is_me: r.sellerIsMe,
    })),
    total,
    page,
    page_size: MARKETPLACE_PAGE_SIZE,
  };
};

const countListings = async (db: Db, q: string) => {
  const [row] = await db<{ total: string }[]>`select count(*) as total from marketplace.marketplace_nfts where true ${matchOf(db, q)}`;
  return Number(row?.total ?? 0);
};

/**
 * Brings listings' search text up to date with sellers' names (`marketplace.refresh_listing_search`),
 * at most once every `everyMs` per process; callers arriving while it runs wait for that one run.
 * Auth never calls marketplace, so this is how a renamed seller becomes findable by the new name.
 */
export const searchRefresher = (sql: Sql, everyMs: number) => {
  let lastStarted = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  return (): Promise<void> => {
    if (running) return running;
    if (Date.now() - lastStarted < everyMs) return Promise.resolve();
    lastStarted = Date.now();
    running = sql`select marketplace.refresh_listing_search()`
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };
};
