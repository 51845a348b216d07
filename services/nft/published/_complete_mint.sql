-- The service's own helper (not published; the underscore says so): the mint job's work.
-- Completes a pending mint once: locks it, and unless it is still pending answers no row, so a
-- job delivered twice, or retried after a crash, changes nothing. Then, in the same
-- transaction, the mint is recorded in rewards (`rewards.record_nft_mint`: +100 points,
-- total_nfts + 1, the NFT achievements, `rewards.account_changed`), idempotent on the mint id.
-- Answers the owner, the token id and whether rewards recorded it; the caller publishes
-- `nft.mint_completed` last, in the same transaction.
-- Lock order: the mint row, then rewards' (the owner's user_balances row, leaderboard_stats,
-- the owner's events lock), then the caller's event under the events lock it already holds.
create or replace function _complete_mint(p_nft_id uuid, p_tx_hash text)
returns table (owner_id uuid, token_id text, recorded boolean)
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
  return query select v_owner, v_token_id, rewards.record_nft_mint(v_owner, p_nft_id);
end;
$$;
