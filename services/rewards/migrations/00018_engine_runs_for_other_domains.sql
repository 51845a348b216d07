-- Engine runs for other domains (issue 28): a bounty's proof, a project's code check and the
-- re-check of an approved proof after a fix run in rewards' engine workers as contract runs of
-- the user they are for, in that user's turns, under their daily test limit (a re-check aside).
-- Another domain starts one with the published rewards.start_engine_run inside its own
-- transaction, reads it through the view rewards.engine_runs, and hears it finish on the NOTIFY
-- channel rewards_engine_run_finished (services/rewards/README.md, "Published SQL functions").
--
-- pg-boss's queue lives in rewards_jobs, which no SQL function can enqueue into, so a run whose
-- turn is now is marked job_wanted (a transactional outbox) and NOTIFY rewards_engine_run_wanted
-- wakes rewards' drainer (src/domain/engine-run-outbox.ts), which enqueues its job and clears it.

-- 'test': the user's own run on the Testing Engine; the others are started by another domain.
alter table test_runs
  add column purpose text not null default 'test' check (purpose in ('test', 'proof', 'code_check', 'recheck')),
  -- The run's turn came but its job is not enqueued yet (the outbox).
  add column job_wanted boolean not null default false,
  -- Another domain's run is a suite, and earns nothing.
  add constraint test_runs_engine_run_shape check (purpose = 'test' or (contract_sources is not null and gas_check is null));

create index test_runs_job_wanted_idx on test_runs (id) where job_wanted;

-- Another domain's runs have no gas history: the suite key (00017) is the Testing Engine's own.
drop index test_runs_suite_idx;
alter table test_runs drop column suite_key;
alter table test_runs
  add column suite_key text generated always as (case when purpose = 'test' then gas_suite_key(test_type, network, result) end) stored;
create index test_runs_suite_idx on test_runs (user_id, suite_key, completed_at desc, id desc) where suite_key is not null;

-- The runs that count against the user's daily test limit today (UTC): every run started for
-- them but a re-check (the project's creator saved a version; the hunter did nothing). The one
-- home of the rule: the limit (_admit_test_run) and the summary's "tests today" read it.
create function tests_today(p_user_id uuid) returns integer
language sql stable
set search_path = rewards, pg_catalog, pg_temp
as $$
  select count(*)::int from test_runs
  where user_id = p_user_id and purpose <> 'recheck'
    and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
$$;

-- Whether the user may start one more run, for every way a run starts (POST /test-runs and
-- start_engine_run): locks the user's FORGE row (so two starts cannot both take the last test of
-- the day, nor both pass the cap on runs waiting), then refuses with RW006 when the tier's tests
-- for today are used up (p_counts) and with RW007 when CONTRACT_RUNS_WAITING_MAX (5) of the
-- user's contract runs are unfinished (p_contract). Answers the user's unfinished contract runs
-- (0: a new contract run's turn is now). RW006's detail is JSON for the caller's sentence:
-- {"limit", "held", "next": {"name", "required_tokens", "max_tests_per_day"} | null, "retry_after_seconds"}.
create function _admit_test_run(p_user_id uuid, p_counts boolean, p_contract boolean) returns integer
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_held bigint;
  v_limit integer;
  v_next jsonb;
  v_unfinished integer := 0;
begin
  perform ensure_account(p_user_id);
  -- The lock in a statement of its own: the counts below, later statements, see the runs of a
  -- transaction this one waited for.
  select token_amount + staked_amount into v_held from starforge_tokens where user_id = p_user_id for update;
  if p_counts then
    select (features ->> 'max_tests_per_day')::int into v_limit from tier_for(v_held);
    if v_limit is not null and tests_today(p_user_id) >= v_limit then
      select jsonb_build_object('name', name, 'required_tokens', required_tokens, 'max_tests_per_day', (features ->> 'max_tests_per_day')::int)
      into v_next
      from subscription_tiers where required_tokens > v_held order by required_tokens limit 1;
      raise exception 'The tier''s % tests for today are used up', v_limit using errcode = 'RW006',
        detail = jsonb_build_object(
          'limit', v_limit, 'held', v_held, 'next', v_next,
          'retry_after_seconds', ceil(extract(epoch from (date_trunc('day', now() at time zone 'UTC') + interval '1 day') at time zone 'UTC' - now()))
        )::text;
    end if;
  end if;
  if p_contract then
    select count(*) into v_unfinished from test_runs where user_id = p_user_id and status = 'running' and contract_hash is not null;
    if v_unfinished >= 5 then
      raise exception '% contract runs of the user are waiting or running', v_unfinished using errcode = 'RW007';
    end if;
  end if;
  return v_unfinished;
end;
$$;

-- The hash of a suite's files, as rewards' suiteHash (src/domain/contract-runs.ts) computes it:
-- SHA-256 of 'suite:' and the JSON of [[name, content], ...] in name order. A test compares the two.
create function suite_hash(p_sources jsonb) returns text
language sql immutable
set search_path = pg_catalog
as $$
  select encode(sha256(convert_to(
    'suite:[' || string_agg('[' || to_json(s ->> 'name')::text || ',' || to_json(s ->> 'content')::text || ']', ',' order by s ->> 'name' collate "C") || ']',
    'UTF8')), 'hex')
  from jsonb_array_elements(p_sources) s
$$;

-- Starts a contract run of `p_sources` for the user on behalf of another domain, inside the
-- caller's transaction: what POST /test-runs does for a suite (the account, the daily limit but
-- for a 'recheck', the cap on runs waiting, rewards.test_run_started to the user), the run
-- marked for its job when its turn is now. The sources are checked as far as SQL reasonably can
-- (the caller validates them with suiteSourcesSchema first): 22023 for a bad argument, RW006 /
-- RW007 for the limit and the cap (rewardsSqlStates in @starforge/contracts).
create function start_engine_run(p_user_id uuid, p_purpose text, p_test_type text, p_network text, p_sources jsonb) returns uuid
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_unfinished integer;
  v_id uuid;
begin
  if p_user_id is null then
    raise exception 'start_engine_run: user id is required' using errcode = '22004';
  end if;
  if p_purpose is null or p_purpose not in ('proof', 'code_check', 'recheck') then
    raise exception 'start_engine_run: purpose % is not proof, code_check or recheck', p_purpose using errcode = '22023';
  end if;
  -- SUITE_TEST_TYPES (@starforge/contracts): a suite's test types (performance among them since issue 27 §5).
  if p_test_type is null or p_test_type not in ('smart_contract', 'gas_optimization', 'security_audit', 'performance') then
    raise exception 'start_engine_run: test type % does not run a suite', p_test_type using errcode = '22023';
  end if;
  if p_network is null or p_network not in ('ethereum', 'sepolia', 'polygon', 'arbitrum', 'optimism') then
    raise exception 'start_engine_run: there is no network %', p_network using errcode = '22023';
  end if;
  -- suiteSourcesSchema's limits: 1 to 16 files of distinct import paths, 64 KiB each, 256 KiB in all.
  if jsonb_typeof(p_sources) is distinct from 'array' or jsonb_array_length(p_sources) not between 1 and 16 then
    raise exception 'start_engine_run: sources must be an array of 1 to 16 files' using errcode = '22023';
  end if;
  if exists (
    select from jsonb_array_elements(p_sources) s
    where jsonb_typeof(s) <> 'object' or jsonb_typeof(s -> 'name') is distinct from 'string' or jsonb_typeof(s -> 'content') is distinct from 'string'
      or s ->> 'name' !~ '^(?!forge-std/)(?!@)(?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}\.sol$'
      or '.' = any (string_to_array(s ->> 'name', '/')) or '..' = any (string_to_array(s ->> 'name', '/'))
      or octet_length(s ->> 'content') > 65536
  ) then
    raise exception 'start_engine_run: each file is {"name": an import path ending in .sol, "content": at most 64 KiB}' using errcode = '22023';
  end if;
  if (select count(distinct s ->> 'name') from jsonb_array_elements(p_sources) s) <> jsonb_array_length(p_sources)
    or (select sum(octet_length(s ->> 'content')) from jsonb_array_elements(p_sources) s) > 262144
    or not exists (select from jsonb_array_elements(p_sources) s where btrim(s ->> 'content', e' \t\n\r') <> '') then
    raise exception 'start_engine_run: two files of one name, more than 256 KiB in all, or no source at all' using errcode = '22023';
  end if;

  v_unfinished := _admit_test_run(p_user_id, p_purpose <> 'recheck', true);
  insert into test_runs (user_id, purpose, network, test_type, contract_sources, contract_hash, job_wanted)
  values (
    p_user_id, p_purpose, p_network, p_test_type,
    (select jsonb_agg(jsonb_build_object('name', s ->> 'name', 'content', s ->> 'content') order by n) from jsonb_array_elements(p_sources) with ordinality e(s, n)),
    suite_hash(p_sources),
    v_unfinished = 0
  )
  returning id into v_id;
  if v_unfinished = 0 then
    perform pg_notify('rewards_engine_run_wanted', '');
  end if;
  -- The user's tabs show today's count at once; the Testing Engine's history does not list it.
  perform events.publish(p_user_id, 'rewards.test_run_started', jsonb_build_object('runId', v_id));
  return v_id;
end;
$$;

-- Another domain's runs of the engine, as it reads them: the result is the engine's
-- (ContractRunResult in @starforge/contracts), null while running.
create view engine_runs as
  select id, user_id, purpose, test_type, status, result, created_at, completed_at
  from test_runs
  where purpose <> 'test';

-- Replaces 00009's (the body below is the live one): a run of another domain earns nothing (no points, no FORGE, no counters) and
-- says it finished on rewards_engine_run_finished, {"id", "purpose"}, in the finishing
-- transaction; its user still hears rewards.test_run_finished (points 0, with its purpose).
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
  -- The FORGE row before the events lock, as a start takes them (FORGE row, then events): a failed
  -- run did not lock it before 00018, so its finish could deadlock with the user's next start.
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
