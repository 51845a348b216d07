-- What the nft domain publishes for other domains (marketplace): the only ways they may read or
-- change NFTs. Call the functions inside your own transaction, with positional arguments.
--   view nfts                                                     every NFT, with its owner
--   owned_nft(nft_id, user_id) -> nfts                            the NFT locked for its owner's change
--   transfer_ownership(nft_id, from_user, to_user, key) -> boolean   idempotent on key
--   create_completed_nft(owner, name, description, category, image_key, tags, is_limited_edition,
--                        edition_size, royalty, network) -> uuid   an NFT made on /nft-creator
-- SQLSTATEs (contracts' nftSqlStates): NF001 no such NFT, NF002 not its current owner,
-- NF003 not minted (pending or failed), NF004 no such image.

create view nfts as
select id, name, description, category, image_key, tags, is_limited_edition, edition_size, creator_royalty,
       status, origin, network, original_creator_id, current_owner_id, tx_hash, token_id, minted_at, created_at
from nft_mints;

-- Locks the NFT (for update) and answers it, when `p_user_id` is its current owner and it is
-- minted: what a listing needs to hold while it writes.
create function owned_nft(p_nft_id uuid, p_user_id uuid) returns nfts
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

-- Moves the NFT from `p_from` to `p_to`: locks it, checks `p_from` still owns it and that it is
-- minted, records the transfer. A key already used answers false and changes nothing.
create function transfer_ownership(p_nft_id uuid, p_from uuid, p_to uuid, p_key text) returns boolean
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

-- An NFT made on /nft-creator: created completed (tx hash, token id and minted time at once) and
-- owned by its creator. Earns no mint points (services/nft/README.md says why).
create function create_completed_nft(
  p_owner uuid, p_name text, p_description text, p_category text, p_image_key text, p_tags text[],
  p_is_limited_edition boolean, p_edition_size integer, p_royalty numeric, p_network text
) returns uuid
language plpgsql
set search_path = nft, pg_catalog, pg_temp
as $$
declare
  v_id uuid;
begin
  if p_owner is null then
    raise exception 'create_completed_nft: owner is required' using errcode = '22004';
  end if;
  if p_image_key is not null then
    perform 1 from images where key = p_image_key for key share;
    if not found then
      raise exception 'image not found' using errcode = 'NF004';
    end if;
  end if;
  insert into nft_mints (user_id, name, description, category, image_key, tags, is_limited_edition, edition_size,
                         creator_royalty, status, origin, network, original_creator_id, current_owner_id,
                         tx_hash, token_id, minted_at)
  values (p_owner, p_name, p_description, p_category, p_image_key, nullif(p_tags, '{}'), p_is_limited_edition, p_edition_size,
          p_royalty, 'completed', 'creator', p_network, p_owner, p_owner,
          '0x' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), nextval('token_ids')::text, now())
  returning id into v_id;
  return v_id;
end;
$$;
