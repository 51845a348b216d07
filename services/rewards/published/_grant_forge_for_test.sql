-- FORGE for a completed test run, once per run, while the user's completed runs of today (UTC)
-- have earned fewer than 20 grants. Answers the FORGE granted (0: none). The caller holds the
-- user's user_balances lock, which serializes the count.
create or replace function _grant_forge_for_test(p_user_id uuid, p_run_id uuid) returns integer
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_today timestamptz := date_trunc('day', now() at time zone 'UTC') at time zone 'UTC';
  v_id uuid;
begin
  if (select count(*) from forge_grants
      where user_id = p_user_id and reason = 'test_completed' and granted_at >= v_today) >= 20 then
    return 0;
  end if;
  insert into forge_grants (user_id, amount, reason, source_type, source_id, idempotency_key)
  values (p_user_id, 25, 'test_completed', 'test_run', p_run_id::text, 'test_run:' || p_run_id)
  on conflict (user_id, idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    return 0;
  end if;
  update starforge_tokens set token_amount = token_amount + 25, updated_at = now() where user_id = p_user_id;
  return 25;
end;
$$;
