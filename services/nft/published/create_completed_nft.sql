-- An NFT made on /nft-creator: created completed (tx hash, token id and minted time at once) and
-- owned by its creator. Earns no mint points (services/nft/README.md says why).
create or replace function create_completed_nft(
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
