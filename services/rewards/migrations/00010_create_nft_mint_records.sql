-- Every NFT mint rewards has counted, once per mint, with the points it earned: MINT_POINTS (100)
-- for the first MINT_POINT_AWARDS_PER_DAY (10) of the user's UTC day, 0 after them (00011). A
-- mint past the cap writes no ledger row (a zero amount moves nothing), so this table, not the
-- ledger, is what makes record_nft_mint idempotent and what the daily cap counts.

create table nft_mint_records (
  mint_id uuid primary key,
  user_id uuid not null,
  points integer not null check (points >= 0),
  recorded_at timestamptz not null default now()
);
-- The daily cap counts today's points-earning mints of one user.
create index nft_mint_records_earning_idx on nft_mint_records (user_id, recorded_at) where points > 0;

-- Mints recorded before this table: each earned its points in a ledger row (rule nft_minted).
insert into nft_mint_records (mint_id, user_id, points, recorded_at)
select source_id::uuid, user_id, points_amount, created_at
from transactions
where rule = 'nft_minted' and source_type = 'nft_mint'
on conflict do nothing;

-- view nft_mint_breaks: services/rewards/published/nft_mint_breaks.sql
