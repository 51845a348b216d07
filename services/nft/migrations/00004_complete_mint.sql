
-- function _complete_mint: services/nft/published/_complete_mint.sql
