-- Search over listed NFTs (issue 16, spec section 5): the spec's marketplace_nfts view and a
-- search text owned by marketplace, matched case-insensitively with a pg_trgm index when the
-- extension exists (services/marketplace/README.md, "Search").

-- What a listing is found by: the NFT's name and description, the seller's display name and full
-- name, one per line (a search is one line, so it never matches across two of them). Built when
-- the listing is inserted and refreshed by `refresh_listing_search` when a seller's names change.
alter table nft_sales add column search_text text;

create function listing_search_text(p_name text, p_description text, p_display_name text, p_first_name text, p_last_name text)
returns text
language sql immutable parallel safe
as $$
  select concat_ws(E'\n', p_name, p_description, p_display_name, nullif(concat_ws(' ', p_first_name, p_last_name), ''))
$$;

-- The search text of a new row, read from nft's and auth's published views.
create function nft_sales_search_text() returns trigger
language plpgsql
set search_path = marketplace, pg_catalog, pg_temp
as $$
begin
  select marketplace.listing_search_text(n.name, n.description, p.display_name, p.first_name, p.last_name)
  into new.search_text
  from nft.nfts n
  left join auth.public_profiles p on p.id = new.seller_id
  where n.id = new.nft_id;
  return new;
end;
$$;

create trigger nft_sales_search_text before insert on nft_sales
for each row execute function nft_sales_search_text();

-- Rebuilds the search text of every listed row whose NFT or seller names changed since it was
-- built; answers how many rows changed (rows locked by another transaction are skipped). Auth never calls marketplace (dependencies run one way),
-- so the service runs this itself, at most every 30 s, before a search (src/domain/search.ts).
create function refresh_listing_search() returns integer
language sql
set search_path = marketplace, pg_catalog, pg_temp
as $$
  with stale as (
    select s.id, marketplace.listing_search_text(n.name, n.description, p.display_name, p.first_name, p.last_name) as search_text
    from marketplace.nft_sales s
    join nft.nfts n on n.id = s.nft_id
    left join auth.public_profiles p on p.id = s.seller_id
    where s.status = 'listed'
      and s.search_text is distinct from marketplace.listing_search_text(n.name, n.description, p.display_name, p.first_name, p.last_name)
    -- A row a checkout (or another refresh) holds is left for the next run: a refresh never
    -- waits for a sale, never makes a search wait, and never takes part in a deadlock.
    for update of s skip locked
  ), changed as (
    update marketplace.nft_sales s set search_text = stale.search_text
    from stale
    where stale.id = s.id
    returning 1
  )
  select count(*)::integer from changed
$$;

select refresh_listing_search();

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

-- The spec's marketplace_nfts: NFTs for sale, with their seller's public names and the listing.
-- for_sale is always true here (only listed rows); price is in integer cents.
create view marketplace_nfts as
select
  n.id,
  n.name,
  n.description,
  n.image_key,
  n.token_id,
  p.display_name as username,
  p.first_name,
  p.last_name,
  n.minted_at,
  n.created_at,
  s.price_cents as price,
  true as for_sale,
  s.created_at as listed_at,
  s.id as listing_id,
  s.seller_id,
  s.search_text
from nft_sales s
join nft.nfts n on n.id = s.nft_id
left join auth.public_profiles p on p.id = s.seller_id
where s.status = 'listed';
