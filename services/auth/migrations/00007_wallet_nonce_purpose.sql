-- A wallet proof names what it is for: a challenge issued for signing in cannot link a wallet
-- to another account, and one issued for linking cannot sign in.
alter table wallet_nonces add column purpose text not null default 'sign_in' check (purpose in ('sign_in', 'link'));
