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

-- Users whose NFTs Minted (leaderboard_stats.total_nfts) or mint points in the ledger differ from
-- their mint records: empty unless something is broken.
create view nft_mint_breaks as
select s.user_id,
       s.total_nfts, coalesce(r.mints, 0) as recorded_mints,
       coalesce(l.points, 0) as ledger_mint_points, coalesce(r.points, 0) as recorded_points
from leaderboard_stats s
left join (select user_id, count(*) as mints, sum(points) as points from nft_mint_records group by user_id) r using (user_id)
left join (select user_id, sum(points_amount) as points from transactions where rule = 'nft_minted' group by user_id) l using (user_id)
where s.total_nfts <> coalesce(r.mints, 0)
   or coalesce(l.points, 0) <> coalesce(r.points, 0);
