-- FORGE's own ledger: every FORGE a user is given is one row here, written in the same
-- transaction as starforge_tokens, once per key. Staking only moves FORGE between available and
-- staked, so for every user token_amount + staked_amount = sum(forge_grants.amount).

create table forge_grants (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  amount bigint not null check (amount > 0),
  -- welcome (FORGE_WELCOME_GRANT) or test_completed (FORGE_PER_COMPLETED_TEST), see 00007.
  reason text not null check (reason in ('welcome', 'test_completed')),
  source_type text check (source_type in ('test_run')),
  source_id text check (char_length(source_id) <= 200),
  -- A repeated key grants nothing: a job that runs twice grants once.
  idempotency_key text not null check (char_length(idempotency_key) between 1 and 255),
  granted_at timestamptz not null default now(),
  unique (user_id, idempotency_key),
  check ((source_type is null) = (source_id is null))
);
-- The daily cap counts today's test grants of one user.
create index forge_grants_user_reason_idx on forge_grants (user_id, reason, granted_at);

-- Accounts made before this ledger: their FORGE so far (the welcome grant) as its first row.
insert into forge_grants (user_id, amount, reason, idempotency_key, granted_at)
select user_id, token_amount + staked_amount, 'welcome', 'welcome', updated_at
from starforge_tokens
where token_amount + staked_amount > 0;

-- view forge_breaks: services/rewards/published/forge_breaks.sql
