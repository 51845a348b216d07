-- The ledger. Every change of points or cash is one row here, written in the same transaction
-- as the balance it changes (user_balances), so a balance always equals the sum of its rows.
create table transactions (
  id uuid primary key default gen_random_uuid(),
  -- Insertion order: the statement lists rows newest first even within one transaction.
  seq bigint generated always as identity unique,
  user_id uuid not null,
  transaction_type text not null
    check (transaction_type in ('earned_points', 'points_to_cash', 'bounty_reward', 'withdrawal', 'sale_proceeds', 'royalty')),
  -- Cash in cents: negative for a withdrawal or a debit, 0 for points-only rows.
  amount_cents bigint not null default 0,
  points_amount bigint not null default 0,
  status text not null default 'completed' check (status in ('pending', 'completed')),
  description text not null check (char_length(description) between 1 and 500),
  -- The rule that produced the row (transactionRuleText in packages/contracts).
  rule text not null check (char_length(rule) between 1 and 64),
  -- What the row came from, linked from the statement.
  source_type text check (source_type in ('test_run', 'nft_mint', 'achievement', 'conversion', 'withdrawal', 'bounty', 'nft_sale')),
  source_id text check (char_length(source_id) <= 200),
  -- The caller's key: a repeated call with the same key writes nothing (see award_points).
  idempotency_key text not null check (char_length(idempotency_key) between 1 and 255),
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (user_id, idempotency_key),
  check ((source_type is null) = (source_id is null)),
  check ((status = 'completed') = (completed_at is not null))
);
create index transactions_user_seq_idx on transactions (user_id, seq desc);

create table test_runs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  network text not null check (network in ('ethereum', 'sepolia', 'polygon', 'arbitrum', 'optimism')),
  test_type text not null check (test_type in ('smart_contract', 'transaction', 'gas_optimization', 'security_audit', 'performance')),
  status text not null default 'running' check (status in ('running', 'completed', 'failed')),
  tx_hash text check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  gas_used integer check (gas_used > 0),
  block_number bigint check (block_number > 0),
  points_awarded integer check (points_awarded >= 0),
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  -- Completed runs carry their on-chain facts, failed and running ones none.
  check ((status = 'completed') = (tx_hash is not null and gas_used is not null and block_number is not null)),
  check ((status = 'running') = (completed_at is null))
);
create index test_runs_user_created_idx on test_runs (user_id, created_at desc);
-- The previous completed run of the same network and type (gas_delta).
create index test_runs_completed_idx on test_runs (user_id, network, test_type, completed_at desc) where status = 'completed';

create table withdrawals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  -- The ledger row that holds the cash (pending) and records it (completed).
  transaction_id uuid not null unique references transactions (id),
  wallet_address text not null check (wallet_address ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  amount_cents bigint not null check (amount_cents > 0),
  status text not null default 'pending' check (status in ('pending', 'completed')),
  -- The (simulated) Solana transaction signature, base58.
  tx_signature text check (tx_signature ~ '^[1-9A-HJ-NP-Za-km-z]{64,100}$'),
  requested_at timestamptz not null default now(),
  completed_at timestamptz,
  check ((status = 'completed') = (tx_signature is not null and completed_at is not null))
);
create index withdrawals_user_requested_idx on withdrawals (user_id, requested_at desc);
create index withdrawals_pending_idx on withdrawals (user_id) where status = 'pending';

-- view ledger_breaks: services/rewards/published/ledger_breaks.sql
