-- Published for other domains (issue 26): cash that waits for a settlement, and its settlement.
--   credit_pending_cash(user_id, cents, kind, description, source, key, settles_at) -> boolean
--   settle_cash(user_id, key)                                                         -> boolean
-- Called inside the caller's transaction, idempotent on the caller's key, as credit_cash is
-- (00004); the ledger rule of 00010 holds after each. Lock order as everywhere: the user's
-- user_balances row, then the events lock (events.publish, last).

-- function credit_pending_cash: services/rewards/published/credit_pending_cash.sql

-- function settle_cash: services/rewards/published/settle_cash.sql
