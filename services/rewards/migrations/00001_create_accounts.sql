-- The rewards domain's accounts: one row per user in each of user_balances, leaderboard_stats and
-- starforge_tokens, created together by ensure_account() (00003) on first use. Balances are
-- caches of the ledger (transactions, 00002), kept in the same transaction as each ledger row.
-- User ids come from the auth service's tokens; no foreign key crosses into its schema.

create table user_balances (
  user_id uuid primary key,
  -- points_balance = sum(transactions.points_amount)
  points_balance bigint not null default 0 check (points_balance >= 0),
  -- cash_balance_cents = sum(transactions.amount_cents); a pending withdrawal is already out.
  cash_balance_cents bigint not null default 0 check (cash_balance_cents >= 0),
  -- total_earned_cents = sum of the positive amount_cents rows.
  total_earned_cents bigint not null default 0 check (total_earned_cents >= 0),
  -- total_withdrawn_cents = -sum(amount_cents) of completed withdrawal rows.
  total_withdrawn_cents bigint not null default 0 check (total_withdrawn_cents >= 0),
  updated_at timestamptz not null default now()
);

create table leaderboard_stats (
  user_id uuid primary key,
  -- Every point ever earned (conversions do not lower it).
  points bigint not null default 0 check (points >= 0),
  -- Points earned in the ISO week (UTC) starting on week_start; a later week starts from 0.
  weekly_points bigint not null default 0 check (weekly_points >= 0),
  week_start date not null default (date_trunc('week', now() at time zone 'UTC'))::date,
  total_tests integer not null default 0 check (total_tests >= 0),
  successful_tests integer not null default 0 check (successful_tests >= 0 and successful_tests <= total_tests),
  total_nfts integer not null default 0 check (total_nfts >= 0),
  -- successful_tests * 100 / total_tests, 100 before the first test (spec section 8).
  success_rate double precision not null default 100 check (success_rate between 0 and 100),
  updated_at timestamptz not null default now()
);

-- FORGE, the platform token: available (token_amount) and staked.
create table starforge_tokens (
  user_id uuid primary key,
  token_amount bigint not null default 0 check (token_amount >= 0),
  staked_amount bigint not null default 0 check (staked_amount >= 0),
  updated_at timestamptz not null default now()
);

create table subscription_tiers (
  id text primary key,
  name text not null unique,
  required_tokens bigint not null unique check (required_tokens >= 0),
  -- { max_tests_per_day: int | null (no limit), sandbox_access, priority_support, private_rpc }
  features jsonb not null
);

insert into subscription_tiers (id, name, required_tokens, features) values
  ('free', 'Free', 0, '{"max_tests_per_day": 100, "sandbox_access": false, "priority_support": false, "private_rpc": false}'),
  ('bronze', 'Bronze', 1000, '{"max_tests_per_day": 250, "sandbox_access": true, "priority_support": false, "private_rpc": false}'),
  ('silver', 'Silver', 5000, '{"max_tests_per_day": 1000, "sandbox_access": true, "priority_support": true, "private_rpc": false}'),
  ('gold', 'Gold', 20000, '{"max_tests_per_day": null, "sandbox_access": true, "priority_support": true, "private_rpc": true}');

-- The six achievements of spec section 9, as ACHIEVEMENTS in packages/contracts says (a test
-- compares the two). measure: what the target counts.
create table achievements (
  code text primary key,
  sort_order integer not null unique,
  name text not null,
  description text not null,
  measure text not null check (measure in ('tests', 'nfts', 'success_rate', 'weekly_points')),
  target integer not null check (target > 0),
  points integer not null check (points > 0)
);

insert into achievements (code, sort_order, name, description, measure, target, points) values
  ('first_test', 1, 'First Test', 'Run your first test', 'tests', 1, 50),
  ('nft_creator', 2, 'NFT Creator', 'Mint your first NFT', 'nfts', 1, 100),
  ('test_master', 3, 'Test Master', 'Run 10 tests', 'tests', 10, 250),
  ('nft_collector', 4, 'NFT Collector', 'Mint 5 NFTs', 'nfts', 5, 300),
  ('perfectionist', 5, 'Perfectionist', 'Keep a 95% success rate over at least 10 tests', 'success_rate', 95, 500),
  ('weekly_warrior', 6, 'Weekly Warrior', 'Earn 500 points in one week', 'weekly_points', 500, 200);

-- An achievement unlocks once per user: the primary key decides.
create table user_achievements (
  user_id uuid not null,
  code text not null references achievements (code),
  unlocked_at timestamptz not null default now(),
  primary key (user_id, code)
);
