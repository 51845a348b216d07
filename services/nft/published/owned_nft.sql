-- Locks the NFT (for update) and answers it, when `p_user_id` is its current owner and it is
-- minted: what a listing needs to hold while it writes.
create or replace function owned_nft(p_nft_id uuid, p_user_id uuid) returns nfts
language plpgsql
set search_path = nft, pg_catalog, pg_temp
as $$
declare
  v nfts;
begin
  select id, name, description, category, image_key, tags, is_limited_edition, edition_size, creator_royalty,
         status, origin, network, original_creator_id, current_owner_id, tx_hash, token_id, minted_at, created_at
  into v from nft_mints where id = p_nft_id for update;
  if not found then
    raise exception 'NFT not found' using errcode = 'NF001';
  end if;
  if v.current_owner_id is distinct from p_user_id then
    raise exception 'not the current owner' using errcode = 'NF002';
  end if;
  if v.status <> 'completed' then
    raise exception 'not minted' using errcode = 'NF003';
  end if;
  return v;
end;
$$;
