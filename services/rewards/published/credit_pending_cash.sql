-- Published: proceeds the user has earned but may not spend yet (a card payment not settled):
-- one pending ledger row with its settlement time, pending_cash_cents raised; cash_balance_cents
-- untouched. 0 cents: false, nothing written. Kinds: sale_proceeds, royalty.
create or replace function credit_pending_cash(p_user_id uuid, p_cents bigint, p_kind text, p_description text, p_source jsonb, p_key text, p_settles_at timestamptz)
returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_id uuid;
begin
  perform _check_call(p_cents, p_description, p_source, p_key);
  if p_kind is null or p_kind not in ('sale_proceeds', 'royalty') then
    raise exception 'credit_pending_cash: kind % is not a pending credit (sale_proceeds, royalty)', p_kind using errcode = '22023';
  end if;
  if p_settles_at is null then
    raise exception 'credit_pending_cash: a settlement time is required' using errcode = '22023';
  end if;
  if p_user_id is null then
    raise exception 'rewards: user id is required' using errcode = '22004';
  end if;
  if p_cents = 0 then
    return false;
  end if;
  perform ensure_account(p_user_id);
  perform 1 from user_balances where user_id = p_user_id for update;
  insert into transactions (user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key, settles_at)
  values (p_user_id, p_kind, p_cents, 0, 'pending', p_description, p_kind, p_source ->> 'type', p_source ->> 'id', p_key, p_settles_at)
  on conflict (user_id, idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    return false;
  end if;
  update user_balances set pending_cash_cents = pending_cash_cents + p_cents, updated_at = now() where user_id = p_user_id;
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', 'cash_pending'));
  return true;
end;
$$;
