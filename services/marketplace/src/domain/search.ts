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
}

/** `q` as a LIKE pattern that matches it literally anywhere: `\`, `%` and `_` escaped (LIKE's default escape is `\`). */
const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const matchOf = (db: Db, q: string) => (q === '' ? db`` : db`and search_text ilike ${containsPattern(q)}`);

/**
 * A page of listed NFTs, newest first, with the total of the search; `q` matched
 * case-insensitively on the listing's search text (the pg_trgm index when the server has it).
 *
 * The page's 24 listings and the total are found on nft_sales alone (the newest-first index, or
 * the trigram index for a search), and only those 24 are joined to their NFTs and sellers' names:
 * joining first and counting over the join (`count(*) over ()`) built every listed row for each
 * page, ~15 ms with 10,000 listings against ~1 ms this way (bench/RESULTS.md, marketplace).
 */
export const searchListings = async (db: Db, viewerId: string, { q, page }: MarketplaceSearchQuery): Promise<MarketplaceSearchAnswer> => {
  const [rows, [count]] = await Promise.all([
    db<SearchRow[]>`
      with page as (
        select id, nft_id, seller_id, price_cents, created_at
        from marketplace.nft_sales
        where status = 'listed' ${matchOf(db, q)}
        order by created_at desc, id desc
        limit ${MARKETPLACE_PAGE_SIZE} offset ${(page - 1) * MARKETPLACE_PAGE_SIZE}
      )
      select page.id as listing_id, n.id as nft_id, n.name, n.description, n.image_key, n.token_id, p.display_name as username,
             page.price_cents, page.created_at as listed_at, page.seller_id = ${viewerId} as seller_is_me
      from page
      join nft.nfts n on n.id = page.nft_id
      left join auth.public_profiles p on p.id = page.seller_id
      order by page.created_at desc, page.id desc`,
    db<{ total: string }[]>`select count(*) as total from marketplace.nft_sales where status = 'listed' ${matchOf(db, q)}`,
  ]);
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
    total: Number(count?.total ?? 0),
    page,
    page_size: MARKETPLACE_PAGE_SIZE,
  };
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
