-- Whether the achievement is earned; Perfectionist also needs PERFECTIONIST_MIN_TESTS (10) tests.
create or replace function achievement_met(a achievements, s leaderboard_stats) returns boolean
language sql stable
set search_path = rewards, pg_catalog, pg_temp
as $$
  select achievement_progress(a.measure, s) >= a.target and (a.measure <> 'success_rate' or s.total_tests >= 10);
$$;
