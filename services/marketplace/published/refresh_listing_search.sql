-- Rebuilds the search text of every listed row whose NFT or seller names changed since it was
-- built; answers how many rows changed (rows locked by another transaction are skipped). Auth never calls marketplace (dependencies run one way),
-- so the service runs this itself, at most every 30 s, before a search (src/domain/search.ts).
create or replace function refresh_listing_search() returns integer
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
