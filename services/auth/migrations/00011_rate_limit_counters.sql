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

-- function hit_rate_limit: services/auth/published/hit_rate_limit.sql
