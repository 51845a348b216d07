-- The service's own helper (not published; the underscore says so): the mint job's work in nft's
-- tables. Completes a pending mint once: locks it, and unless it is still pending answers no row,
-- so a job delivered twice, or retried after a crash, changes nothing. Answers the owner and the
-- token id; the caller then records the mint in rewards through its client
-- (`recordNftMint`, `rewards.record_nft_mint`) and publishes `nft.mint_completed` last, all in
-- the same transaction (src/domain/mints.ts).
-- Lock order: the mint row, then rewards' (the owner's user_balances row, leaderboard_stats,
-- the owner's events lock), then the caller's event under the events lock it already holds.
create or replace function _finish_mint(p_nft_id uuid, p_tx_hash text)
returns table (owner_id uuid, token_id text)
language plpgsql
set search_path = nft, pg_catalog, pg_temp
as $$
declare
  v_owner uuid;
  v_token_id text;
begin
  select m.current_owner_id into v_owner from nft_mints m where m.id = p_nft_id and m.status = 'pending' for update;
  if not found then
    return;
  end if;
  update nft_mints m
  set status = 'completed', tx_hash = p_tx_hash, token_id = nextval('token_ids')::text, minted_at = now()
  where m.id = p_nft_id
  returning m.token_id into v_token_id;
  return query select v_owner, v_token_id;
end;
$$;
