-- Published: cash spent, once per key; never below zero (SQLSTATE RW002); 0 cents: false. A
-- 'withdrawal' kind counts as withdrawn at once.
create or replace function debit_cash(p_user_id uuid, p_cents bigint, p_kind text, p_description text, p_source jsonb, p_key text) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_cash bigint;
begin
  perform _check_call(p_cents, p_description, p_source, p_key);
  if p_kind is null or p_kind not in ('bounty_reward', 'sale_proceeds', 'royalty', 'withdrawal') then
    raise exception 'debit_cash: kind % is not a cash debit', p_kind using errcode = '22023';
  end if;
  if p_user_id is null then
    raise exception 'rewards: user id is required' using errcode = '22004';
  end if;
  if p_cents = 0 then
    return false;
  end if;
  perform ensure_account(p_user_id);
  select cash_balance_cents into v_cash from user_balances where user_id = p_user_id for update;
  if exists (select 1 from transactions where user_id = p_user_id and idempotency_key = p_key) then
    return false;
  end if;
  if v_cash < p_cents then
    raise exception 'Insufficient balance' using errcode = 'RW002', detail = format('balance %s cents, debit %s cents', v_cash, p_cents);
  end if;
  insert into transactions (user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key, completed_at)
  values (p_user_id, p_kind, -p_cents, 0, 'completed', p_description, p_kind, p_source ->> 'type', p_source ->> 'id', p_key, now());
  update user_balances
  set cash_balance_cents = cash_balance_cents - p_cents,
      total_withdrawn_cents = total_withdrawn_cents + case when p_kind = 'withdrawal' then p_cents else 0 end,
      updated_at = now()
  where user_id = p_user_id;
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', p_kind));
  return true;
end;
$$;
