-- Starts a contract run of `p_sources` for the user on behalf of another domain, inside the
-- caller's transaction: what POST /test-runs does for a suite (the account, the daily limit but
-- for a 'recheck', the cap on runs waiting, rewards.test_run_started to the user), the run
-- marked for its job when its turn is now. The sources are checked as far as SQL reasonably can
-- (the caller validates them with suiteSourcesSchema first): 22023 for a bad argument, RW006 /
-- RW007 for the limit and the cap (rewardsSqlStates in @starforge/contracts).
create or replace function start_engine_run(p_user_id uuid, p_purpose text, p_test_type text, p_network text, p_sources jsonb) returns uuid
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
