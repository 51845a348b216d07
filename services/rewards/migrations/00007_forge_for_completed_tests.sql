-- FORGE has a source besides the welcome grant: each completed test run earns
-- FORGE_PER_COMPLETED_TEST (25) FORGE, for the first FORGE_TEST_GRANTS_PER_DAY (20) completed
-- runs of a UTC day (packages/contracts; a test compares them). The cap does not grow with the
-- tier, so a higher tier's extra tests earn no extra FORGE and a script earns no more than an
-- active person: at most 500 a day, Silver (5,000) in 8 days from the welcome grant, Gold
-- (20,000) in 38. Each grant is a forge_grants row (00006), once per run.
--
-- Lock order in _finish_test_run: the run row, user_balances, leaderboard_stats, starforge_tokens,
-- then the events lock (award_points, last). starforge_tokens comes before the events lock, as in
-- POST /test-runs and the staking functions.

-- function ensure_account: services/rewards/published/ensure_account.sql

-- function _grant_forge_for_test: services/rewards/published/_grant_forge_for_test.sql

-- function _finish_test_run: services/rewards/published/_finish_test_run.sql
