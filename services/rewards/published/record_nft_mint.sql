-- Minting is not a source of unlimited cash (issue 26: one uploaded image minted 39 times in 3 s
-- earned 4,500 points, converted and withdrawn). A mint earns MINT_POINTS (100) only while the
-- user's mints that earned points today (UTC) number fewer than MINT_POINT_AWARDS_PER_DAY (10,
-- packages/contracts; a test compares them): at most 1,000 points, $1.00, a day. A mint past the
-- cap still counts once (NFTs Minted, the NFT achievements, whose points are once each anyway)
-- and earns nothing; its nft_mint_records row says so.
--
-- Answers whether the mint earned its points now: false
-- for a mint already recorded (nothing changes) and for a mint past the day's cap (counted, no
-- points). Lock order: the user's user_balances row (which serializes the count), then
-- leaderboard_stats, then the events lock.
create or replace function record_nft_mint(p_user_id uuid, p_mint_id uuid) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_today timestamptz := date_trunc('day', now() at time zone 'UTC') at time zone 'UTC';
  v_points integer := 100;
begin
  if p_mint_id is null then
    raise exception 'record_nft_mint: mint id is required' using errcode = '22004';
  end if;
  perform ensure_account(p_user_id);
  perform 1 from user_balances where user_id = p_user_id for update;
  if (select count(*) from nft_mint_records
      where user_id = p_user_id and points > 0 and recorded_at >= v_today) >= 10 then
    v_points := 0;
  end if;
  insert into nft_mint_records (mint_id, user_id, points) values (p_mint_id, p_user_id, v_points)
  on conflict (mint_id) do nothing;
  if not found then
    return false;
  end if;
  update leaderboard_stats set total_nfts = total_nfts + 1, updated_at = now() where user_id = p_user_id;
  if v_points > 0 then
    perform _apply_points(p_user_id, v_points, 'nft_minted', 'NFT minted',
      jsonb_build_object('type', 'nft_mint', 'id', p_mint_id::text), 'nft_mint:' || p_mint_id);
  end if;
  perform _unlock_achievements(p_user_id);
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', 'nft_minted'));
  return v_points > 0;
end;
$$;
