-- What the mint job called before its rewards call moved into TypeScript (`_finish_mint`, then
-- rewards' client), kept for one release: copies still running the previous code during a
-- rolling restart call it, and must still record the mint in rewards. Nothing of this release
-- calls it; the next release drops it in a migration.
create or replace function _complete_mint(p_nft_id uuid, p_tx_hash text)
returns table (owner_id uuid, token_id text, recorded boolean)
language plpgsql
set search_path = nft, pg_catalog, pg_temp
as $$
begin
  return query select f.owner_id, f.token_id, rewards.record_nft_mint(f.owner_id, p_nft_id) from _finish_mint(p_nft_id, p_tx_hash) f;
end;
$$;
