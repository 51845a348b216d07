-- Whether the user may start one more run, for every way a run starts (POST /test-runs and
-- start_engine_run): locks the user's FORGE row (so two starts cannot both take the last test of
-- the day, nor both pass the cap on runs waiting), then refuses with RW006 when the tier's tests
-- for today are used up (p_counts) and with RW007 when CONTRACT_RUNS_WAITING_MAX (5) of the
-- user's contract runs are unfinished (p_contract). Answers the user's unfinished contract runs
-- (0: a new contract run's turn is now). RW006's detail is JSON for the caller's sentence:
-- {"limit", "held", "next": {"name", "required_tokens", "max_tests_per_day"} | null, "retry_after_seconds"}.
create or replace function _admit_test_run(p_user_id uuid, p_counts boolean, p_contract boolean) returns integer
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
