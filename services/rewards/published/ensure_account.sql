-- Creates the user's three account rows once: zero balances, stats with a 100 % success rate,
-- and FORGE_WELCOME_GRANT (1000, packages/contracts) FORGE to try staking with, written to the
-- FORGE ledger too.
create or replace function ensure_account(p_user_id uuid) returns void
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
begin
  if p_user_id is null then
    raise exception 'rewards: user id is required' using errcode = '22004';
  end if;
  perform 1 from user_balances where user_id = p_user_id;
  if found then
    return;
  end if;
  insert into user_balances (user_id) values (p_user_id) on conflict do nothing;
  insert into leaderboard_stats (user_id) values (p_user_id) on conflict do nothing;
  insert into starforge_tokens (user_id, token_amount) values (p_user_id, 1000) on conflict do nothing;
  if found then
    insert into forge_grants (user_id, amount, reason, idempotency_key) values (p_user_id, 1000, 'welcome', 'welcome')
    on conflict do nothing;
  end if;
end;
$$;
