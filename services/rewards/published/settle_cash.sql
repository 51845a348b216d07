-- Published: the pending credit under the user's key has settled: its row completed now, its
-- amount moved from pending_cash_cents to cash_balance_cents (and total_earned_cents). False when
-- there is no such pending row (settled before, or never pending): a job that runs twice settles once.
create or replace function settle_cash(p_user_id uuid, p_key text) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_cents bigint;
begin
  if p_user_id is null or p_key is null then
    raise exception 'settle_cash: user id and key are required' using errcode = '22004';
  end if;
  perform 1 from user_balances where user_id = p_user_id for update;
  update transactions set status = 'completed', completed_at = now()
  where user_id = p_user_id and idempotency_key = p_key and status = 'pending' and settles_at is not null
  returning amount_cents into v_cents;
  if v_cents is null then
    return false;
  end if;
  update user_balances
  set pending_cash_cents = pending_cash_cents - v_cents,
      cash_balance_cents = cash_balance_cents + v_cents,
      total_earned_cents = total_earned_cents + v_cents,
      updated_at = now()
  where user_id = p_user_id;
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', 'cash_settled'));
  return true;
end;
$$;
