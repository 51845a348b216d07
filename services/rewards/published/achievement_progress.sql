-- Where a user stands on an achievement's measure.
create or replace function achievement_progress(p_measure text, s leaderboard_stats) returns double precision
language sql stable
set search_path = rewards, pg_catalog, pg_temp
as $$
  select (case p_measure
    when 'tests' then s.total_tests::double precision
    when 'nfts' then s.total_nfts::double precision
    -- A rate over no test says nothing.
    when 'success_rate' then case when s.total_tests = 0 then 0 else s.success_rate end
    when 'weekly_points' then case when s.week_start = current_week() then s.weekly_points::double precision else 0 end
  end);
$$;
