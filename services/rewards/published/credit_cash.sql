-- Published: cash earned (a bounty reward, sale proceeds, a royalty), once per key; 0 cents: false.
create or replace function credit_cash(p_user_id uuid, p_cents bigint, p_kind text, p_description text, p_source jsonb, p_key text) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_id uuid;
  v_rule text := case p_kind when 'bounty_reward' then 'bounty_approved' else p_kind end;
begin
  perform _check_call(p_cents, p_description, p_source, p_key);
  if p_kind is null or p_kind not in ('bounty_reward', 'sale_proceeds', 'royalty') then
    raise exception 'credit_cash: kind % is not a cash credit (bounty_reward, sale_proceeds, royalty)', p_kind using errcode = '22023';
  end if;
  if p_user_id is null then
    raise exception 'rewards: user id is required' using errcode = '22004';
  end if;
  if p_cents = 0 then
    return false;
  end if;
  perform ensure_account(p_user_id);
  perform 1 from user_balances where user_id = p_user_id for update;
  insert into transactions (user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key, completed_at)
  values (p_user_id, p_kind, p_cents, 0, 'completed', p_description, v_rule, p_source ->> 'type', p_source ->> 'id', p_key, now())
  on conflict (user_id, idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    return false;
  end if;
  update user_balances
  set cash_balance_cents = cash_balance_cents + p_cents, total_earned_cents = total_earned_cents + p_cents, updated_at = now()
  where user_id = p_user_id;
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', v_rule));
  return true;
end;
$$;
