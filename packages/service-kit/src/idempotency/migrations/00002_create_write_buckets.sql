-- The per-user write limit (service-kit rate-limit/write-rate.ts): one token bucket per user,
-- shared by every copy of the service. `tokens` as of `updated_at`; the refill is computed when
-- the bucket is read. Rows idle for an hour are deleted (they would be full again).
create table write_buckets (
  user_id text primary key,
  tokens double precision not null,
  updated_at timestamptz not null
);
