-- FORGE has a source besides the welcome grant: each completed test run earns
-- FORGE_PER_COMPLETED_TEST (25) FORGE, for the first FORGE_TEST_GRANTS_PER_DAY (20) completed
-- runs of a UTC day (packages/contracts; a test compares them). The cap does not grow with the
-- tier, so a higher tier's extra tests earn no extra FORGE and a script earns no more than an
-- active person: at most 500 a day, Silver (5,000) in 8 days from the welcome grant, Gold
-- (20,000) in 38. Each grant is a forge_grants row (00006), once per run.
--
-- Lock order in _finish_test_run: the run row, user_balances, leaderboard_stats, starforge_tokens,
-- then the events lock (award_points, last). starforge_tokens comes before the events lock, as in
-- POST /test-runs and the staking functions.

-- Replaces 00003's: the welcome grant is written to the FORGE ledger too.
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

-- FORGE for a completed test run, once per run, while the user's completed runs of today (UTC)
-- have earned fewer than 20 grants. Answers the FORGE granted (0: none). The caller holds the
-- user's user_balances lock, which serializes the count.
create function _grant_forge_for_test(p_user_id uuid, p_run_id uuid) returns integer
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

-- Replaces 00003's: a completed run also earns its FORGE (before the points, whose award takes
-- the events lock).
create or replace function _finish_test_run(p_run_id uuid, p_completed boolean, p_tx_hash text, p_gas_used integer, p_block_number bigint) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_run test_runs;
  v_points integer := case when p_completed then 50 else 25 end;
begin
  select * into v_run from test_runs where id = p_run_id for update;
  if not found or v_run.status <> 'running' then
    return false;
  end if;
  perform ensure_account(v_run.user_id);
  perform 1 from user_balances where user_id = v_run.user_id for update;
  update test_runs
  set status = case when p_completed then 'completed' else 'failed' end,
      tx_hash = case when p_completed then p_tx_hash end,
      gas_used = case when p_completed then p_gas_used end,
      block_number = case when p_completed then p_block_number end,
      points_awarded = v_points,
      completed_at = now()
  where id = p_run_id;
  update leaderboard_stats
  set total_tests = total_tests + 1,
      successful_tests = successful_tests + case when p_completed then 1 else 0 end,
      success_rate = round((successful_tests + case when p_completed then 1 else 0 end) * 100.0 / (total_tests + 1), 2)::double precision,
      updated_at = now()
  where user_id = v_run.user_id;
  if p_completed then
    perform _grant_forge_for_test(v_run.user_id, p_run_id);
  end if;
  -- Publishes rewards.account_changed after the achievements; the run's own event follows.
  perform award_points(v_run.user_id, v_points, case when p_completed then 'test_completed' else 'test_failed' end,
    format('%s test on %s %s', initcap(replace(v_run.test_type, '_', ' ')), initcap(v_run.network),
           case when p_completed then 'completed' else 'failed' end),
    jsonb_build_object('type', 'test_run', 'id', p_run_id::text), 'test_run:' || p_run_id);
  perform events.publish(v_run.user_id, 'rewards.test_run_finished',
    jsonb_build_object('runId', p_run_id, 'status', case when p_completed then 'completed' else 'failed' end, 'points', v_points));
  return true;
end;
$$;
