-- Sliding windows at a constant cost: instead of a timestamp per attempt (whose arrays grow
-- with the limit), each key keeps two counters, this window's and the previous one's, and an
-- attempt is weighed against the previous count scaled by how much of that window still
-- overlaps the sliding one (the estimate Cloudflare describes for its rate limiting). Windows
-- start at a key's first attempt and follow each other back to back.
drop table rate_limits;
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  window_seconds integer not null,
  current_hits integer not null,
  previous_hits integer not null,
  updated_at timestamptz not null default now()
);
create index rate_limits_updated_at_idx on rate_limits (updated_at);

-- Counts one attempt for the key if the sliding estimate stays within the limit. Answers
-- whether it was accepted, and the state it was judged on (for the caller's Retry-After).
create function hit_rate_limit(p_key text, p_window_seconds integer, p_limit integer,
  out accepted boolean, out current_hits integer, out previous_hits integer, out elapsed double precision)
language plpgsql as $$
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
