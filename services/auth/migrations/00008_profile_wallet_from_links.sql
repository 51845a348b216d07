-- The profile's wallet is the account's proven, primary linked wallet (wallet_auth), read from
-- there: a free-text column let anyone show another user's wallet as their own.
alter table profiles drop column wallet_address;
