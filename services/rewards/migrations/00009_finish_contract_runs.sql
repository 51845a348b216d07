-- _finish_test_run also finishes a run of the user's own contract: its engine result and its real
-- gas (a failed run that executed has used gas too) are written in the same statement that ends
-- the run, so a finished contract run always has its result. Replaces 00007's; the old signature
-- goes, and callers that pass five arguments still reach this one.
drop function if exists _finish_test_run(uuid, boolean, text, integer, bigint);

-- function _finish_test_run: services/rewards/published/_finish_test_run.sql
