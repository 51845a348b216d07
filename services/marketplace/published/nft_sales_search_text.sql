-- The search text of a new row, read from nft's and auth's published views.
create or replace function nft_sales_search_text() returns trigger
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

create or replace trigger nft_sales_search_text before insert on nft_sales
for each row execute function nft_sales_search_text();
