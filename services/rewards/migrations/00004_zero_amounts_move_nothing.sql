-- A zero amount moves nothing: award_points, credit_cash and debit_cash answer false for it and
-- write nothing (no account, no ledger row, no event), so a 0 % royalty or a $0 bounty needs no
-- special case in the caller. Their other arguments are still checked (a bad kind, key or
-- source is the caller's bug, zero or not); a negative or null amount is still refused (22023).
-- Replaces the three functions of 00003 and its private _check_call, signatures unchanged.

create or replace function _check_call(p_amount bigint, p_description text, p_source jsonb, p_key text) returns void
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
begin
  if p_amount is null or p_amount < 0 then
    raise exception 'rewards: the amount must be zero or positive, got %', p_amount using errcode = '22023';
  end if;
  if p_key is null or char_length(p_key) not between 1 and 255 then
    raise exception 'rewards: a key of 1 to 255 characters is required' using errcode = '22023';
  end if;
  if p_description is null or char_length(p_description) not between 1 and 500 then
    raise exception 'rewards: a description of 1 to 500 characters is required' using errcode = '22023';
  end if;
  if p_source is not null and jsonb_typeof(p_source) <> 'null'
     and (jsonb_typeof(p_source) <> 'object' or p_source ->> 'type' is null or p_source ->> 'id' is null) then
    raise exception 'rewards: source must be {"type", "id"} or null' using errcode = '22023';
  end if;
end;
$$;

-- Published: points for something the user did (a mint, a test, ...), once per key; 0 points: false.
create or replace function award_points(p_user_id uuid, p_points integer, p_rule text, p_description text, p_source jsonb, p_key text) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
begin
  perform _check_call(p_points, p_description, p_source, p_key);
  if p_rule is null or char_length(p_rule) not between 1 and 64 then
    raise exception 'award_points: a rule of 1 to 64 characters is required' using errcode = '22023';
  end if;
  if p_user_id is null then
    raise exception 'rewards: user id is required' using errcode = '22004';
  end if;
  if p_points = 0 then
    return false;
  end if;
  perform ensure_account(p_user_id);
  perform 1 from user_balances where user_id = p_user_id for update;
  if _apply_points(p_user_id, p_points, p_rule, p_description, p_source, p_key) is null then
    return false;
  end if;
  perform _unlock_achievements(p_user_id);
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', p_rule));
  return true;
end;
$$;

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
