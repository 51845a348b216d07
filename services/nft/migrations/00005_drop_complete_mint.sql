-- The mint job's helper of two releases ago, which called rewards.record_nft_mint from inside nft's
-- SQL. The previous release kept it for copies still running the older code during its rolling
-- restart; the job has called `_finish_mint` and then rewards' client (`recordNftMint`) since, so
-- no copy of this release or the previous one calls it.
drop function if exists _complete_mint(uuid, text);
