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

-- The trigram index, when the server has pg_trgm: `create extension` fails on a server whose
-- contrib package is missing (or for a role that may not create it); the migration then goes on
-- without the index and the search is the same ILIKE, scanning the listed rows.
do $$
declare
  v_schema name;
begin
  begin
    create extension if not exists pg_trgm with schema public;
  exception when others then
    raise notice 'pg_trgm is not available (%); marketplace search runs without its index', sqlerrm;
  end;
  select n.nspname into v_schema
  from pg_extension e join pg_namespace n on n.oid = e.extnamespace
  where e.extname = 'pg_trgm';
  if v_schema is not null then
    execute format(
      'create index nft_sales_search_trgm on marketplace.nft_sales using gin (search_text %I.gin_trgm_ops) with (fastupdate = off) where status = ''listed''',
      v_schema);
  end if;
end;
$$;

-- view marketplace_nfts: services/marketplace/published/marketplace_nfts.sql
