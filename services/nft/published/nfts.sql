create or replace view nfts as
select id, name, description, category, image_key, tags, is_limited_edition, edition_size, creator_royalty,
       status, origin, network, original_creator_id, current_owner_id, tx_hash, token_id, minted_at, created_at
from nft_mints;
