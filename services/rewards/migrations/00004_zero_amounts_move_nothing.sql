-- A zero amount moves nothing: award_points, credit_cash and debit_cash answer false for it and
-- write nothing (no account, no ledger row, no event), so a 0 % royalty or a $0 bounty needs no
-- special case in the caller. Their other arguments are still checked (a bad kind, key or
-- source is the caller's bug, zero or not); a negative or null amount is still refused (22023).
-- Replaces the three functions of 00003 and its private _check_call, signatures unchanged.

-- function _check_call: services/rewards/published/_check_call.sql

-- function award_points: services/rewards/published/award_points.sql

-- function credit_cash: services/rewards/published/credit_cash.sql

-- function debit_cash: services/rewards/published/debit_cash.sql
