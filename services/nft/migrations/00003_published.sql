-- What the nft domain publishes for other domains (marketplace): the only ways they may read or
-- change NFTs. Call the functions inside your own transaction, with positional arguments.
--   view nfts                                                     every NFT, with its owner
--   owned_nft(nft_id, user_id) -> nfts                            the NFT locked for its owner's change
--   transfer_ownership(nft_id, from_user, to_user, key) -> boolean   idempotent on key
--   create_completed_nft(owner, name, description, category, image_key, tags, is_limited_edition,
--                        edition_size, royalty, network) -> uuid   an NFT made on /nft-creator
-- SQLSTATEs (contracts' nftSqlStates): NF001 no such NFT, NF002 not its current owner,
-- NF003 not minted (pending or failed), NF004 no such image.

-- view nfts: services/nft/published/nfts.sql

-- function owned_nft: services/nft/published/owned_nft.sql

-- function transfer_ownership: services/nft/published/transfer_ownership.sql

-- function create_completed_nft: services/nft/published/create_completed_nft.sql
