-- The rewards domain's functions. Published for other domains (called inside the caller's
-- transaction, positional arguments, each idempotent on the caller's key: a repeated key writes
-- nothing and answers false):
--   award_points(user_id, points, rule, description, source, key) -> boolean
--   credit_cash(user_id, cents, kind, description, source, key)  -> boolean
--   debit_cash(user_id, cents, kind, description, source, key)   -> boolean (SQLSTATE RW002 below zero)
--   record_nft_mint(user_id, mint_id)                             -> boolean
--   convert_points_to_cash(_user_id, _points_amount)              (the spec's stored procedure)
-- `source` is {"type": <transaction source>, "id": <text>} or null.
--
-- SQLSTATEs of class RW (the service and the kit map them to 422):
--   RW001 not enough points, RW002 not enough cash, RW003 not enough FORGE, RW004 not enough staked FORGE.
--
-- Lock order, the same in every function: the run or withdrawal row being finished, then the
-- user's user_balances row, then leaderboard_stats, then the events lock (events.publish, last).
-- Functions whose names start with an underscore are the service's own.

-- function ensure_account: services/rewards/published/ensure_account.sql

-- function tier_for: services/rewards/published/tier_for.sql

-- function current_week: services/rewards/published/current_week.sql

-- function achievement_progress: services/rewards/published/achievement_progress.sql

-- function achievement_met: services/rewards/published/achievement_met.sql

-- function _apply_points: services/rewards/published/_apply_points.sql

-- function _unlock_achievements: services/rewards/published/_unlock_achievements.sql

-- function _check_call: services/rewards/published/_check_call.sql

-- function award_points: services/rewards/published/award_points.sql

-- function credit_cash: services/rewards/published/credit_cash.sql

-- function debit_cash: services/rewards/published/debit_cash.sql

-- function record_nft_mint: services/rewards/published/record_nft_mint.sql

-- function convert_points_to_cash: services/rewards/published/convert_points_to_cash.sql

-- function stake_tokens: services/rewards/published/stake_tokens.sql

-- function unstake_tokens: services/rewards/published/unstake_tokens.sql

-- function _request_withdrawal: services/rewards/published/_request_withdrawal.sql

-- function _complete_withdrawal: services/rewards/published/_complete_withdrawal.sql

-- function _finish_test_run: services/rewards/published/_finish_test_run.sql
