-- Moves the NFT from `p_from` to `p_to`: locks it, checks `p_from` still owns it and that it is
-- minted, records the transfer. A key already used answers false and changes nothing.
create or replace function transfer_ownership(p_nft_id uuid, p_from uuid, p_to uuid, p_key text) returns boolean
language plpgsql
set search_path = nft, pg_catalog, pg_temp
as $$
begin
  if p_to is null or p_from is null then
    raise exception 'transfer_ownership: both users are required' using errcode = '22004';
  end if;
  if p_key is null or char_length(p_key) = 0 then
    raise exception 'transfer_ownership: a key is required' using errcode = '22023';
  end if;
  if p_to = p_from then
    raise exception 'transfer_ownership: the NFT already belongs to that user' using errcode = '22023';
  end if;
  -- The row lock first, so a second call with the same key waits and then sees the first's row.
  perform 1 from nft_mints where id = p_nft_id for update;
  if not found then
    raise exception 'NFT not found' using errcode = 'NF001';
  end if;
  perform 1 from ownership_transfers where key = p_key;
  if found then
    return false;
  end if;
  perform owned_nft(p_nft_id, p_from);
  update nft_mints set current_owner_id = p_to where id = p_nft_id;
  insert into ownership_transfers (nft_id, from_user_id, to_user_id, key) values (p_nft_id, p_from, p_to, p_key);
  return true;
end;
$$;
