-- Search over listed NFTs (issue 16, spec section 5): the spec's marketplace_nfts view and a
-- search text owned by marketplace, matched case-insensitively with a pg_trgm index when the
-- extension exists (services/marketplace/README.md, "Search").

-- What a listing is found by: the NFT's name and description, the seller's display name and full
-- name, one per line (a search is one line, so it never matches across two of them). Built when
-- the listing is inserted and refreshed by `refresh_listing_search` when a seller's names change.
alter table nft_sales add column search_text text;

-- function listing_search_text: services/marketplace/published/listing_search_text.sql

-- function nft_sales_search_text: services/marketplace/published/nft_sales_search_text.sql

-- trigger nft_sales_search_text: services/marketplace/published/nft_sales_search_text.sql

-- function refresh_listing_search: services/marketplace/published/refresh_listing_search.sql

-- Listings written before this migration get their search text from the service's first search,
-- which runs refresh_listing_search (published/) before it reads.

-- Newest listed first, for the marketplace's pages.
create index nft_sales_listed_newest on nft_sales (created_at desc, id desc) where status = 'listed';

-- The trigram index of listed rows' search text, when the server has pg_trgm (without the
-- extension the search is the same ILIKE, scanning the listed rows).
-- needs trigramIndexMigrations from '@starforge/service-kit/trigram-index/migrations' up to 00001
select create_trigram_index('nft_sales_search_trgm', 'nft_sales', 'search_text', 'status = ''listed''');

-- view marketplace_nfts: services/marketplace/published/marketplace_nfts.sql
