-- Moves FORGE from available to staked (or back), never below zero (RW003 / RW004).
create or replace function stake_tokens(p_user_id uuid, p_amount bigint) returns table (token_amount bigint, staked_amount bigint)
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
#variable_conflict use_column
declare
  v_available bigint;
  v_staked bigint;
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'Please enter a valid amount to stake' using errcode = '22023';
  end if;
  perform ensure_account(p_user_id);
  update starforge_tokens t
  set token_amount = t.token_amount - p_amount, staked_amount = t.staked_amount + p_amount, updated_at = now()
  where t.user_id = p_user_id and t.token_amount >= p_amount
  returning t.token_amount, t.staked_amount into v_available, v_staked;
  if not found then
    raise exception 'Insufficient tokens to stake' using errcode = 'RW003';
  end if;
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', 'tokens_staked'));
  return query select v_available, v_staked;
end;
$$;
