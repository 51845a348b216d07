-- The bounties domain (issue 17): plans and their payments, QA projects, funded bug bounties and
-- their completions (spec section 3; services/bounties/README.md). User ids come from auth's
-- tokens: no foreign key leaves this schema. Amounts are integer cents.

-- A user's plan. No row means Free. Pro is active from started_at until a downgrade.
create table user_subscriptions (
  user_id uuid primary key,
  subscription_tier text not null check (subscription_tier in ('free', 'pro')),
  is_active boolean not null default true,
  started_at timestamptz,
  updated_at timestamptz not null default now(),
  check ((subscription_tier = 'pro') = (started_at is not null))
);

-- What a plan was paid with, a card or a Solana transfer, is kept in @starforge/payments' payment
-- tables (`payments`, `solana_payment_requests`), which that package's migration set makes in this
-- schema. A plan is not cash: a payment is not a ledger row. (A schema made before the set had
-- them here as subscription_payments; 00008 renames it.)

-- QA testing projects (the spec's projects; client_user_id is the owner).
create table projects (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 120),
  description text not null default '' check (char_length(description) <= 2000),
  project_type text not null default 'smart_contract' check (project_type in ('smart_contract', 'dapp', 'defi', 'nft', 'other')),
  budget_cents bigint not null default 0 check (budget_cents >= 0 and budget_cents <= 99999999999999),
  status text not null default 'active' check (status in ('active', 'completed', 'paused')),
  client_user_id uuid not null,
  created_at timestamptz not null default now()
);
create index projects_newest on projects (created_at desc, id desc);
create index projects_owner_active on projects (client_user_id) where status = 'active';

-- Bug bounties. The reward is held from the creator's cash when the bounty is posted (rewards'
-- debit_cash, kind bounty_reward, key 'bounty:<id>:hold'), paid to the claimer on approval
-- ('bounty:<id>:payout') or returned to the creator when it is closed unclaimed
-- ('bounty:<id>:return'): the keys make each move happen once.
create table bug_bounties (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 150),
  description text not null check (char_length(description) between 1 and 5000),
  severity text not null default 'medium' check (severity in ('low', 'medium', 'high', 'critical')),
  reward_cents bigint not null check (reward_cents >= 0 and reward_cents <= 99999999999999),
  project_id uuid not null references projects (id),
  submitted_by uuid not null,
  claimed_by uuid,
  status text not null default 'open' check (status in ('open', 'claimed', 'closed')),
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  closed_at timestamptz,
  check (claimed_by is null or claimed_by <> submitted_by),
  check ((claimed_by is null) = (claimed_at is null)),
  -- Open: nobody has it. Claimed: its claimer works on it. Closed: approved (claimer paid) or
  -- closed unclaimed by its creator (reward returned).
  check (case status
    when 'open' then claimed_by is null and closed_at is null
    when 'claimed' then claimed_by is not null and closed_at is null
    else closed_at is not null
  end)
);
create index bug_bounties_newest on bug_bounties (created_at desc, id desc);
create index bug_bounties_open_newest on bug_bounties (created_at desc, id desc) where status = 'open';
create index bug_bounties_project on bug_bounties (project_id, created_at desc);

-- A claimer's completion of a bounty: one per bounty (a bounty has one claimer), resubmitted in
-- place (back to pending) until approved.
create table bounty_completions (
  id uuid primary key default gen_random_uuid(),
  bounty_id uuid not null unique references bug_bounties (id),
  completed_by uuid not null,
  completion_proof text not null check (char_length(btrim(completion_proof)) between 1 and 10000),
  completion_url text check (completion_url ~ '^https?://' and char_length(completion_url) <= 2048),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  review_notes text check (char_length(review_notes) <= 2000),
  reviewed_by uuid,
  reviewed_at timestamptz,
  -- When it was last submitted: a review's response time is reviewed_at - completed_at.
  completed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  check ((status = 'pending') = (reviewed_at is null)),
  check ((reviewed_at is null) = (reviewed_by is null))
);
