-- Idempotency-Key records (issue 7 section 4), owned by service-kit and applied into each
-- service's schema that opts in. One row per (user, key): a row without a status is a claim
-- still running; with a status it holds the answer to replay. Rows live 24 hours.
create table idempotency_keys (
  user_id text not null,
  key text not null check (char_length(key) between 1 and 255),
  -- sha-256 of method, path with query, and the raw body.
  fingerprint bytea not null,
  -- Which attempt holds the key, so a late finish never overwrites another attempt's claim.
  claim uuid not null,
  locked_at timestamptz not null default now(),
  status smallint,
  -- [[name, value], ...] of the headers that matter (content-type, location).
  response_headers jsonb,
  response_body bytea,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  primary key (user_id, key)
);

create index idempotency_keys_created_at on idempotency_keys (created_at);
