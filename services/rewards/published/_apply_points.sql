-- One points ledger row and its balances (points, leaderboard points, weekly points with the
-- ISO-week reset). Null when the key was already used. The caller holds the balance row lock.
create or replace function _apply_points(p_user_id uuid, p_points bigint, p_rule text, p_description text, p_source jsonb, p_key text) returns uuid
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_id uuid;
  v_week date := current_week();
begin
  insert into transactions (user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key, completed_at)
  values (p_user_id, 'earned_points', 0, p_points, 'completed', p_description, p_rule, p_source ->> 'type', p_source ->> 'id', p_key, now())
  on conflict (user_id, idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    return null;
  end if;
  update user_balances set points_balance = points_balance + p_points, updated_at = now() where user_id = p_user_id;
  update leaderboard_stats
  set points = points + p_points,
      weekly_points = case when week_start = v_week then weekly_points + p_points else p_points end,
      week_start = v_week,
      updated_at = now()
  where user_id = p_user_id;
  return v_id;
end;
$$;
