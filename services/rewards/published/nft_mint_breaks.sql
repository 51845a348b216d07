-- Users whose NFTs Minted (leaderboard_stats.total_nfts) or mint points in the ledger differ from
-- their mint records: empty unless something is broken.
create or replace view nft_mint_breaks as
select s.user_id,
       s.total_nfts, coalesce(r.mints, 0) as recorded_mints,
       coalesce(l.points, 0) as ledger_mint_points, coalesce(r.points, 0) as recorded_points
from leaderboard_stats s
left join (select user_id, count(*) as mints, sum(points) as points from nft_mint_records group by user_id) r using (user_id)
left join (select user_id, sum(points_amount) as points from transactions where rule = 'nft_minted' group by user_id) l using (user_id)
where s.total_nfts <> coalesce(r.mints, 0)
   or coalesce(l.points, 0) <> coalesce(r.points, 0);
