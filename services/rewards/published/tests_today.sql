-- The runs that count against the user's daily test limit today (UTC): every run started for
-- them but a re-check (the project's creator saved a version; the hunter did nothing). The one
-- home of the rule: the limit (_admit_test_run) and the summary's "tests today" read it.
create or replace function tests_today(p_user_id uuid) returns integer
language sql stable
set search_path = rewards, pg_catalog, pg_temp
as $$
  select count(*)::int from test_runs
  where user_id = p_user_id and purpose <> 'recheck'
    and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
$$;
