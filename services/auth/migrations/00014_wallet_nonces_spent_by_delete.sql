-- A sign-in challenge is spent by deleting its row in the statement that checks it
-- (src/domain/wallet-nonces.ts), so a replay finds nothing; consumed_at, planned by 00004 for
-- marking one spent, was never written.
alter table wallet_nonces drop column consumed_at;
