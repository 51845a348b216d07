-- Every copy of the service keeps search pages in memory (src/domain/search.ts) until this
-- channel says listed rows changed (services/marketplace/README.md, "Search"). NOTIFY is sent
-- when the writing transaction commits, never for one that rolls back, and PostgreSQL folds a
-- transaction's identical notifications into one. Statement-level: a checkout of ten NFTs, a bulk
-- insert or a search-text refresh notifies once, and only when a row that is or was listed changed.
-- The payload is the writing transaction's id (a test waits until a copy has heard its own).
create or replace function nft_sales_changed() returns trigger
language plpgsql
set search_path = marketplace, pg_catalog, pg_temp
as $$
begin
  if tg_op = 'INSERT' then
    if not exists (select 1 from new_rows where status = 'listed') then
      return null;
    end if;
  elsif tg_op = 'UPDATE' then
    -- What a page shows or is found, ordered and counted by: a listing made, sold, cancelled,
    -- re-priced, or its search text rewritten.
    if not exists (
      select 1
      from old_rows o
      join new_rows n on n.id = o.id
      where (o.status = 'listed' or n.status = 'listed')
        and (o.status, o.price_cents, o.search_text, o.created_at, o.nft_id, o.seller_id)
            is distinct from (n.status, n.price_cents, n.search_text, n.created_at, n.nft_id, n.seller_id)
    ) then
      return null;
    end if;
  elsif tg_op = 'DELETE' then
    if not exists (select 1 from old_rows where status = 'listed') then
      return null;
    end if;
  end if;
  perform pg_notify('marketplace_listings_changed', pg_current_xact_id()::text);
  return null;
end;
$$;

create or replace trigger nft_sales_inserted_notify after insert on nft_sales
referencing new table as new_rows
for each statement execute function nft_sales_changed();

create or replace trigger nft_sales_updated_notify after update on nft_sales
referencing old table as old_rows new table as new_rows
for each statement execute function nft_sales_changed();

create or replace trigger nft_sales_deleted_notify after delete on nft_sales
referencing old table as old_rows
for each statement execute function nft_sales_changed();

create or replace trigger nft_sales_truncated_notify after truncate on nft_sales
for each statement execute function nft_sales_changed();
