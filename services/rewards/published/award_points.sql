-- Published: points for something the user did (a mint, a test, ...), once per key; 0 points: false.
create or replace function award_points(p_user_id uuid, p_points integer, p_rule text, p_description text, p_source jsonb, p_key text) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
begin
  perform _check_call(p_points, p_description, p_source, p_key);
  if p_rule is null or char_length(p_rule) not between 1 and 64 then
    raise exception 'award_points: a rule of 1 to 64 characters is required' using errcode = '22023';
  end if;
  if p_user_id is null then
    raise exception 'rewards: user id is required' using errcode = '22004';
  end if;
  if p_points = 0 then
    return false;
  end if;
  perform ensure_account(p_user_id);
  perform 1 from user_balances where user_id = p_user_id for update;
  if _apply_points(p_user_id, p_points, p_rule, p_description, p_source, p_key) is null then
    return false;
  end if;
  perform _unlock_achievements(p_user_id);
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', p_rule));
  return true;
end;
$$;
