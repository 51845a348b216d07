
-- function record_nft_mint: services/rewards/published/record_nft_mint.sql
