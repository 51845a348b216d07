-- Counts one attempt for the key if the sliding estimate stays within the limit. Answers
-- whether it was accepted, and the state it was judged on (for the caller's Retry-After). It
-- reads its table by name, so its search path is pinned: it finds auth's rate_limits whatever
-- the calling connection's search path.
create or replace function hit_rate_limit(p_key text, p_window_seconds integer, p_limit integer,
  out accepted boolean, out current_hits integer, out previous_hits integer, out elapsed double precision)
language plpgsql
set search_path = auth, pg_catalog, pg_temp
as $$
declare
  w interval := make_interval(secs => p_window_seconds);
  row rate_limits%rowtype;
  estimate double precision;
begin
  insert into rate_limits (key, window_start, window_seconds, current_hits, previous_hits)
  values (p_key, now(), p_window_seconds, 0, 0)
  on conflict (key) do nothing;
  select * into row from rate_limits where key = p_key for update;
  if now() >= row.window_start + 2 * w then
    row.previous_hits := 0; row.current_hits := 0; row.window_start := now();
  elsif now() >= row.window_start + w then
    row.previous_hits := row.current_hits; row.current_hits := 0; row.window_start := row.window_start + w;
  end if;
  elapsed := extract(epoch from now() - row.window_start);
  estimate := row.previous_hits * greatest(0, 1 - elapsed / p_window_seconds) + row.current_hits + 1;
  accepted := estimate <= p_limit;
  if accepted then row.current_hits := row.current_hits + 1; end if;
  update rate_limits set
    window_start = row.window_start, window_seconds = p_window_seconds,
    current_hits = row.current_hits, previous_hits = row.previous_hits, updated_at = now()
  where key = p_key;
  current_hits := row.current_hits;
  previous_hits := row.previous_hits;
end $$;
