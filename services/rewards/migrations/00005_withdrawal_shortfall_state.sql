-- A withdrawal above the cash balance raises its own state, RW005 ('Insufficient balance for
-- withdrawal', the spec's words), so each SQLSTATE has one meaning and one message: RW002 stays
-- debit_cash's 'Insufficient balance', which other domains register from @starforge/contracts.
-- Replaces the service's private _request_withdrawal of 00003, otherwise unchanged.

-- function _request_withdrawal: services/rewards/published/_request_withdrawal.sql
