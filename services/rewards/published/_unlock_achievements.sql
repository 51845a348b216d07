-- Unlocks every achievement whose measure is met, each once, crediting its points in its own
-- ledger row (which may in turn complete Weekly Warrior). The caller holds the balance row lock.
create or replace function _unlock_achievements(p_user_id uuid) returns integer
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_stats leaderboard_stats;
  v_achievement achievements;
  v_unlocked integer := 0;
  v_more boolean := true;
begin
  while v_more loop
    v_more := false;
    select * into v_stats from leaderboard_stats where user_id = p_user_id;
    for v_achievement in
      select a.* from achievements a
      where not exists (select 1 from user_achievements u where u.user_id = p_user_id and u.code = a.code)
      order by a.sort_order
    loop
      continue when not achievement_met(v_achievement, v_stats);
      insert into user_achievements (user_id, code) values (p_user_id, v_achievement.code) on conflict do nothing;
      continue when not found;
      perform _apply_points(p_user_id, v_achievement.points, 'achievement_unlocked', 'Achievement unlocked: ' || v_achievement.name,
        jsonb_build_object('type', 'achievement', 'id', v_achievement.code), 'achievement:' || v_achievement.code);
      v_unlocked := v_unlocked + 1;
      v_more := true;
    end loop;
  end loop;
  return v_unlocked;
end;
$$;
