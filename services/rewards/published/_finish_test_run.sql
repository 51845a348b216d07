-- The service's own: finishes a running test run once (the job decides the outcome), false when
-- it is not running any more. Its facts, the tests counters and success rate, +50 / +25 points
-- through award_points (key test_run:<id>), the FORGE grant, the achievements, and the live
-- events. A run of the user's own contract also gets its engine result and its real gas (a failed
-- run that executed has used gas too) in the same statement that ends it, so a finished contract
-- run always has its result. A run of another domain (purpose proof, code_check, recheck) earns
-- nothing (no points, no FORGE, no counters) and says it finished on rewards_engine_run_finished,
-- {"id", "purpose"}, in the finishing transaction; its user still hears rewards.test_run_finished
-- (points 0, with its purpose).
create or replace function _finish_test_run(p_run_id uuid, p_completed boolean, p_tx_hash text, p_gas_used integer, p_block_number bigint, p_result jsonb default null)
returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_run test_runs;
  v_points integer := case when p_completed then 50 else 25 end;
  v_status text := case when p_completed then 'completed' else 'failed' end;
begin
  select * into v_run from test_runs where id = p_run_id for update;
  if not found or v_run.status <> 'running' then
    return false;
  end if;
  if v_run.purpose <> 'test' then
    update test_runs
    set status = v_status,
        gas_used = p_gas_used,
        result = coalesce(p_result, '{}'::jsonb),
        points_awarded = 0,
        job_wanted = false,
        completed_at = now()
    where id = p_run_id;
    -- The FORGE row before the events lock, as a start takes them (finishContractRun takes it again).
    perform 1 from starforge_tokens where user_id = v_run.user_id for update;
    perform pg_notify('rewards_engine_run_finished', json_build_object('id', p_run_id, 'purpose', v_run.purpose)::text);
    perform events.publish(v_run.user_id, 'rewards.test_run_finished',
      jsonb_build_object('runId', p_run_id, 'status', v_status, 'points', 0, 'purpose', v_run.purpose));
    return true;
  end if;
  perform ensure_account(v_run.user_id);
  perform 1 from user_balances where user_id = v_run.user_id for update;
  update test_runs
  set status = v_status,
      tx_hash = case when p_completed then p_tx_hash end,
      gas_used = case when p_completed or v_run.contract_hash is not null then p_gas_used end,
      block_number = case when p_completed then p_block_number end,
      result = case when v_run.contract_hash is not null then coalesce(p_result, '{}'::jsonb) end,
      points_awarded = v_points,
      completed_at = now()
  where id = p_run_id;
  update leaderboard_stats
  set total_tests = total_tests + 1,
      successful_tests = successful_tests + case when p_completed then 1 else 0 end,
      success_rate = round((successful_tests + case when p_completed then 1 else 0 end) * 100.0 / (total_tests + 1), 2)::double precision,
      updated_at = now()
  where user_id = v_run.user_id;
  -- The FORGE row before the events lock, as a start takes them (FORGE row, then events), failed
  -- runs too: otherwise a finish could deadlock with the user's next start.
  perform 1 from starforge_tokens where user_id = v_run.user_id for update;
  if p_completed then
    perform _grant_forge_for_test(v_run.user_id, p_run_id);
  end if;
  -- Publishes rewards.account_changed after the achievements; the run's own event follows.
  perform award_points(v_run.user_id, v_points, case when p_completed then 'test_completed' else 'test_failed' end,
    format('%s test on %s %s', initcap(replace(v_run.test_type, '_', ' ')), initcap(v_run.network),
           case when p_completed then 'completed' else 'failed' end),
    jsonb_build_object('type', 'test_run', 'id', p_run_id::text), 'test_run:' || p_run_id);
  perform events.publish(v_run.user_id, 'rewards.test_run_finished',
    jsonb_build_object('runId', p_run_id, 'status', v_status, 'points', v_points));
  return true;
end;
$$;
