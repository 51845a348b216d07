-- Pending cash (issue 26): the proceeds of a card payment that has not settled. They are the
-- seller's (and the creator's), but not yet cash: the card network has not moved the money, and
-- until it does the payment can still fail or be disputed. So they are kept out of
-- cash_balance_cents, which is what withdrawals, conversions' sums and bounty funding spend:
-- nothing can spend pending cash, whatever debits exist now or later.
--
-- Representation: a pending credit is one ledger row like any other (same type, key, source),
-- with status 'pending' and its settles_at; settling completes that same row (status
-- 'completed', completed_at) and moves its amount from pending_cash_cents to cash_balance_cents.
-- So every balance is still the sum of its ledger, split by one predicate (a credit that waits
-- for settlement: status = 'pending' and settles_at is not null):
--   cash_balance_cents  = sum(amount_cents) of the other rows (a pending withdrawal still counts: its cash is held)
--   pending_cash_cents  = sum(amount_cents) of the waiting credits
--   total_earned_cents  = sum of the positive amount_cents of the other rows (earned once settled)

alter table user_balances
  add column pending_cash_cents bigint not null default 0 check (pending_cash_cents >= 0);

-- When a credit settles (or settled); null for every row that never waited.
alter table transactions
  add column settles_at timestamptz,
  add constraint transactions_settles_credit check (settles_at is null or amount_cents > 0);

-- The waiting credits of a user, in settlement order (the /balance card's next date).
create index transactions_unsettled_idx on transactions (user_id, settles_at) where status = 'pending' and settles_at is not null;

-- view ledger_breaks: services/rewards/published/ledger_breaks.sql
