-- Fixed-window counters shared by every auth process: one row per key (e.g.
-- 'sign_in:ip:203.0.113.7'), reset when a new window starts.
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);
create index rate_limits_window_start_idx on rate_limits (window_start);
