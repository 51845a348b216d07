-- The spec's stored procedure: points to cash, 1000 points = $1.00 (10 points a cent), at least
-- 1000 and in steps of 10, never more than the points balance (RW001). One ledger row.
create or replace function convert_points_to_cash(_user_id uuid, _points_amount integer)
returns table (transaction_id uuid, points_balance bigint, cash_balance_cents bigint)
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
#variable_conflict use_column
declare
  v_id uuid := gen_random_uuid();
  v_cents bigint;
  v_points bigint;
  v_cash bigint;
begin
  if _points_amount is null or _points_amount < 1000 then
    raise exception 'Minimum conversion is 1000 points' using errcode = '22023';
  end if;
  if _points_amount % 10 <> 0 then
    raise exception 'Points convert in steps of 10 (10 points = 1 cent)' using errcode = '22023';
  end if;
  v_cents := _points_amount / 10;
  perform ensure_account(_user_id);
  update user_balances b
  set points_balance = b.points_balance - _points_amount,
      cash_balance_cents = b.cash_balance_cents + v_cents,
      total_earned_cents = b.total_earned_cents + v_cents,
      updated_at = now()
  where b.user_id = _user_id and b.points_balance >= _points_amount
  returning b.points_balance, b.cash_balance_cents into v_points, v_cash;
  if not found then
    raise exception 'Not enough points to convert' using errcode = 'RW001';
  end if;
  insert into transactions (id, user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key, completed_at)
  values (v_id, _user_id, 'points_to_cash', v_cents, -_points_amount, 'completed',
          format('Converted %s points to cash', _points_amount), 'points_converted', 'conversion', v_id::text, 'conversion:' || v_id, now());
  perform events.publish(_user_id, 'rewards.account_changed', jsonb_build_object('reason', 'points_converted'));
  return query select v_id, v_points, v_cash;
end;
$$;
