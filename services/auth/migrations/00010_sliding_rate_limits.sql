-- Sliding windows instead of fixed ones (a fixed window let twice the limit through across a
-- window's end): each key keeps the times of its recent accepted attempts, at most its limit,
-- so "no more than N in any W seconds" holds exactly. The counters are transient: start over.
drop table rate_limits;
create table rate_limits (
  key text primary key,
  hits timestamptz[] not null,
  window_seconds integer not null,
  max_hits integer not null,
  updated_at timestamptz not null default now()
);
create index rate_limits_updated_at_idx on rate_limits (updated_at);
