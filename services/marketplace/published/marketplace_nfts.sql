-- The spec's marketplace_nfts: NFTs for sale, with their seller's public names and the listing.
-- for_sale is always true here (only listed rows); price is in integer cents.
create or replace view marketplace_nfts as
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
