-- The rewards domain's functions. Published for other domains (called inside the caller's
-- transaction, positional arguments, each idempotent on the caller's key: a repeated key writes
-- nothing and answers false):
--   award_points(user_id, points, rule, description, source, key) -> boolean
--   credit_cash(user_id, cents, kind, description, source, key)  -> boolean
--   debit_cash(user_id, cents, kind, description, source, key)   -> boolean (SQLSTATE RW002 below zero)
--   record_nft_mint(user_id, mint_id)                             -> boolean
--   convert_points_to_cash(_user_id, _points_amount)              (the spec's stored procedure)
-- `source` is {"type": <transaction source>, "id": <text>} or null.
--
-- SQLSTATEs of class RW (the service and the kit map them to 422):
--   RW001 not enough points, RW002 not enough cash, RW003 not enough FORGE, RW004 not enough staked FORGE.
--
-- Lock order, the same in every function: the run or withdrawal row being finished, then the
-- user's user_balances row, then leaderboard_stats, then the events lock (events.publish, last).
-- Functions whose names start with an underscore are the service's own.

-- Creates the user's three account rows once: zero balances, stats with a 100 % success rate,
-- and FORGE_WELCOME_GRANT (1000, packages/contracts) FORGE to try staking with.
create function ensure_account(p_user_id uuid) returns void
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
begin
  if p_user_id is null then
    raise exception 'rewards: user id is required' using errcode = '22004';
  end if;
  perform 1 from user_balances where user_id = p_user_id;
  if found then
    return;
  end if;
  insert into user_balances (user_id) values (p_user_id) on conflict do nothing;
  insert into leaderboard_stats (user_id) values (p_user_id) on conflict do nothing;
  insert into starforge_tokens (user_id, token_amount) values (p_user_id, 1000) on conflict do nothing;
end;
$$;

-- The tier FORGE holdings reach: the highest whose required_tokens <= tokens, else the first.
-- These two have no `set search_path` (that would keep the planner from inlining them into
-- GET /summary's one statement); every name in them is schema-qualified or pg_catalog's instead.
create function tier_for(p_tokens bigint) returns setof rewards.subscription_tiers
language sql stable
as $$
  select * from rewards.subscription_tiers
  order by (required_tokens <= p_tokens) desc,
           case when required_tokens <= p_tokens then -required_tokens else required_tokens end
  limit 1;
$$;

-- The first day of the current ISO week in UTC (a Monday).
create function current_week() returns date
language sql stable
as $$ select (pg_catalog.date_trunc('week', pg_catalog.now() at time zone 'UTC'))::date $$;

-- Where a user stands on an achievement's measure.
create function achievement_progress(p_measure text, s leaderboard_stats) returns double precision
language sql stable
set search_path = rewards, pg_catalog, pg_temp
as $$
  select (case p_measure
    when 'tests' then s.total_tests::double precision
    when 'nfts' then s.total_nfts::double precision
    -- A rate over no test says nothing.
    when 'success_rate' then case when s.total_tests = 0 then 0 else s.success_rate end
    when 'weekly_points' then case when s.week_start = current_week() then s.weekly_points::double precision else 0 end
  end);
$$;

-- Whether the achievement is earned; Perfectionist also needs PERFECTIONIST_MIN_TESTS (10) tests.
create function achievement_met(a achievements, s leaderboard_stats) returns boolean
language sql stable
set search_path = rewards, pg_catalog, pg_temp
as $$
  select achievement_progress(a.measure, s) >= a.target and (a.measure <> 'success_rate' or s.total_tests >= 10);
$$;

-- One points ledger row and its balances (points, leaderboard points, weekly points with the
-- ISO-week reset). Null when the key was already used. The caller holds the balance row lock.
create function _apply_points(p_user_id uuid, p_points bigint, p_rule text, p_description text, p_source jsonb, p_key text) returns uuid
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_id uuid;
  v_week date := current_week();
begin
  insert into transactions (user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key, completed_at)
  values (p_user_id, 'earned_points', 0, p_points, 'completed', p_description, p_rule, p_source ->> 'type', p_source ->> 'id', p_key, now())
  on conflict (user_id, idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    return null;
  end if;
  update user_balances set points_balance = points_balance + p_points, updated_at = now() where user_id = p_user_id;
  update leaderboard_stats
  set points = points + p_points,
      weekly_points = case when week_start = v_week then weekly_points + p_points else p_points end,
      week_start = v_week,
      updated_at = now()
  where user_id = p_user_id;
  return v_id;
end;
$$;

-- Unlocks every achievement whose measure is met, each once, crediting its points in its own
-- ledger row (which may in turn complete Weekly Warrior). The caller holds the balance row lock.
create function _unlock_achievements(p_user_id uuid) returns integer
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_stats leaderboard_stats;
  v_achievement achievements;
  v_unlocked integer := 0;
  v_more boolean := true;
begin
  while v_more loop
    v_more := false;
    select * into v_stats from leaderboard_stats where user_id = p_user_id;
    for v_achievement in
      select a.* from achievements a
      where not exists (select 1 from user_achievements u where u.user_id = p_user_id and u.code = a.code)
      order by a.sort_order
    loop
      continue when not achievement_met(v_achievement, v_stats);
      insert into user_achievements (user_id, code) values (p_user_id, v_achievement.code) on conflict do nothing;
      continue when not found;
      perform _apply_points(p_user_id, v_achievement.points, 'achievement_unlocked', 'Achievement unlocked: ' || v_achievement.name,
        jsonb_build_object('type', 'achievement', 'id', v_achievement.code), 'achievement:' || v_achievement.code);
      v_unlocked := v_unlocked + 1;
      v_more := true;
    end loop;
  end loop;
  return v_unlocked;
end;
$$;

create function _check_call(p_amount bigint, p_description text, p_source jsonb, p_key text) returns void
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'rewards: the amount must be positive, got %', p_amount using errcode = '22023';
  end if;
  if p_key is null or char_length(p_key) not between 1 and 255 then
    raise exception 'rewards: a key of 1 to 255 characters is required' using errcode = '22023';
  end if;
  if p_description is null or char_length(p_description) not between 1 and 500 then
    raise exception 'rewards: a description of 1 to 500 characters is required' using errcode = '22023';
  end if;
  if p_source is not null and jsonb_typeof(p_source) <> 'null'
     and (jsonb_typeof(p_source) <> 'object' or p_source ->> 'type' is null or p_source ->> 'id' is null) then
    raise exception 'rewards: source must be {"type", "id"} or null' using errcode = '22023';
  end if;
end;
$$;

-- Published: points for something the user did (a mint, a test, ...), once per key.
create function award_points(p_user_id uuid, p_points integer, p_rule text, p_description text, p_source jsonb, p_key text) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
begin
  perform _check_call(p_points, p_description, p_source, p_key);
  if p_rule is null or char_length(p_rule) not between 1 and 64 then
    raise exception 'award_points: a rule of 1 to 64 characters is required' using errcode = '22023';
  end if;
  perform ensure_account(p_user_id);
  perform 1 from user_balances where user_id = p_user_id for update;
  if _apply_points(p_user_id, p_points, p_rule, p_description, p_source, p_key) is null then
    return false;
  end if;
  perform _unlock_achievements(p_user_id);
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', p_rule));
  return true;
end;
$$;

-- Published: cash earned (a bounty reward, sale proceeds, a royalty), once per key.
create function credit_cash(p_user_id uuid, p_cents bigint, p_kind text, p_description text, p_source jsonb, p_key text) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_id uuid;
  v_rule text := case p_kind when 'bounty_reward' then 'bounty_approved' else p_kind end;
begin
  perform _check_call(p_cents, p_description, p_source, p_key);
  if p_kind is null or p_kind not in ('bounty_reward', 'sale_proceeds', 'royalty') then
    raise exception 'credit_cash: kind % is not a cash credit (bounty_reward, sale_proceeds, royalty)', p_kind using errcode = '22023';
  end if;
  perform ensure_account(p_user_id);
  perform 1 from user_balances where user_id = p_user_id for update;
  insert into transactions (user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key, completed_at)
  values (p_user_id, p_kind, p_cents, 0, 'completed', p_description, v_rule, p_source ->> 'type', p_source ->> 'id', p_key, now())
  on conflict (user_id, idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    return false;
  end if;
  update user_balances
  set cash_balance_cents = cash_balance_cents + p_cents, total_earned_cents = total_earned_cents + p_cents, updated_at = now()
  where user_id = p_user_id;
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', v_rule));
  return true;
end;
$$;

-- Published: cash spent, once per key; never below zero (SQLSTATE RW002). A 'withdrawal' kind
-- counts as withdrawn at once.
create function debit_cash(p_user_id uuid, p_cents bigint, p_kind text, p_description text, p_source jsonb, p_key text) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_cash bigint;
begin
  perform _check_call(p_cents, p_description, p_source, p_key);
  if p_kind is null or p_kind not in ('bounty_reward', 'sale_proceeds', 'royalty', 'withdrawal') then
    raise exception 'debit_cash: kind % is not a cash debit', p_kind using errcode = '22023';
  end if;
  perform ensure_account(p_user_id);
  select cash_balance_cents into v_cash from user_balances where user_id = p_user_id for update;
  if exists (select 1 from transactions where user_id = p_user_id and idempotency_key = p_key) then
    return false;
  end if;
  if v_cash < p_cents then
    raise exception 'Insufficient balance' using errcode = 'RW002', detail = format('balance %s cents, debit %s cents', v_cash, p_cents);
  end if;
  insert into transactions (user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key, completed_at)
  values (p_user_id, p_kind, -p_cents, 0, 'completed', p_description, p_kind, p_source ->> 'type', p_source ->> 'id', p_key, now());
  update user_balances
  set cash_balance_cents = cash_balance_cents - p_cents,
      total_withdrawn_cents = total_withdrawn_cents + case when p_kind = 'withdrawal' then p_cents else 0 end,
      updated_at = now()
  where user_id = p_user_id;
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', p_kind));
  return true;
end;
$$;

-- Published for the nft domain: a completed mint counts towards the NFT achievements and earns
-- MINT_POINTS (100), once per mint.
create function record_nft_mint(p_user_id uuid, p_mint_id uuid) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
begin
  if p_mint_id is null then
    raise exception 'record_nft_mint: mint id is required' using errcode = '22004';
  end if;
  perform ensure_account(p_user_id);
  perform 1 from user_balances where user_id = p_user_id for update;
  if _apply_points(p_user_id, 100, 'nft_minted', 'NFT minted',
       jsonb_build_object('type', 'nft_mint', 'id', p_mint_id::text), 'nft_mint:' || p_mint_id) is null then
    return false;
  end if;
  update leaderboard_stats set total_nfts = total_nfts + 1, updated_at = now() where user_id = p_user_id;
  perform _unlock_achievements(p_user_id);
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', 'nft_minted'));
  return true;
end;
$$;

-- The spec's stored procedure: points to cash, 1000 points = $1.00 (10 points a cent), at least
-- 1000 and in steps of 10, never more than the points balance (RW001). One ledger row.
create function convert_points_to_cash(_user_id uuid, _points_amount integer)
returns table (transaction_id uuid, points_balance bigint, cash_balance_cents bigint)
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
#variable_conflict use_column
declare
  v_id uuid := gen_random_uuid();
  v_cents bigint;
  v_points bigint;
  v_cash bigint;
begin
  if _points_amount is null or _points_amount < 1000 then
    raise exception 'Minimum conversion is 1000 points' using errcode = '22023';
  end if;
  if _points_amount % 10 <> 0 then
    raise exception 'Points convert in steps of 10 (10 points = 1 cent)' using errcode = '22023';
  end if;
  v_cents := _points_amount / 10;
  perform ensure_account(_user_id);
  update user_balances b
  set points_balance = b.points_balance - _points_amount,
      cash_balance_cents = b.cash_balance_cents + v_cents,
      total_earned_cents = b.total_earned_cents + v_cents,
      updated_at = now()
  where b.user_id = _user_id and b.points_balance >= _points_amount
  returning b.points_balance, b.cash_balance_cents into v_points, v_cash;
  if not found then
    raise exception 'Not enough points to convert' using errcode = 'RW001';
  end if;
  insert into transactions (id, user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key, completed_at)
  values (v_id, _user_id, 'points_to_cash', v_cents, -_points_amount, 'completed',
          format('Converted %s points to cash', _points_amount), 'points_converted', 'conversion', v_id::text, 'conversion:' || v_id, now());
  perform events.publish(_user_id, 'rewards.account_changed', jsonb_build_object('reason', 'points_converted'));
  return query select v_id, v_points, v_cash;
end;
$$;

-- Moves FORGE from available to staked (or back), never below zero (RW003 / RW004).
create function stake_tokens(p_user_id uuid, p_amount bigint) returns table (token_amount bigint, staked_amount bigint)
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
#variable_conflict use_column
declare
  v_available bigint;
  v_staked bigint;
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'Please enter a valid amount to stake' using errcode = '22023';
  end if;
  perform ensure_account(p_user_id);
  update starforge_tokens t
  set token_amount = t.token_amount - p_amount, staked_amount = t.staked_amount + p_amount, updated_at = now()
  where t.user_id = p_user_id and t.token_amount >= p_amount
  returning t.token_amount, t.staked_amount into v_available, v_staked;
  if not found then
    raise exception 'Insufficient tokens to stake' using errcode = 'RW003';
  end if;
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', 'tokens_staked'));
  return query select v_available, v_staked;
end;
$$;

create function unstake_tokens(p_user_id uuid, p_amount bigint) returns table (token_amount bigint, staked_amount bigint)
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
#variable_conflict use_column
declare
  v_available bigint;
  v_staked bigint;
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'Please enter a valid amount to unstake' using errcode = '22023';
  end if;
  perform ensure_account(p_user_id);
  update starforge_tokens t
  set token_amount = t.token_amount + p_amount, staked_amount = t.staked_amount - p_amount, updated_at = now()
  where t.user_id = p_user_id and t.staked_amount >= p_amount
  returning t.token_amount, t.staked_amount into v_available, v_staked;
  if not found then
    raise exception 'Insufficient staked tokens to unstake' using errcode = 'RW004';
  end if;
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', 'tokens_unstaked'));
  return query select v_available, v_staked;
end;
$$;

-- A withdrawal request: the cash is held at once (a pending ledger row, already out of the
-- balance), never below zero (RW002). The service completes it later (_complete_withdrawal).
create function _request_withdrawal(p_user_id uuid, p_cents bigint, p_wallet text)
returns table (withdrawal_id uuid, transaction_id uuid, cash_balance_cents bigint, requested_at timestamptz)
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
#variable_conflict use_column
declare
  v_withdrawal uuid := gen_random_uuid();
  v_transaction uuid;
  v_cash bigint;
  v_requested timestamptz;
begin
  if p_cents is null or p_cents <= 0 then
    raise exception 'Please enter a valid withdrawal amount' using errcode = '22023';
  end if;
  perform ensure_account(p_user_id);
  update user_balances b
  set cash_balance_cents = b.cash_balance_cents - p_cents, updated_at = now()
  where b.user_id = p_user_id and b.cash_balance_cents >= p_cents
  returning b.cash_balance_cents into v_cash;
  if not found then
    raise exception 'Insufficient balance for withdrawal' using errcode = 'RW002';
  end if;
  insert into transactions (user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key)
  values (p_user_id, 'withdrawal', -p_cents, 0, 'pending', format('Withdrawal to %s...%s', left(p_wallet, 8), right(p_wallet, 8)),
          'withdrawal', 'withdrawal', v_withdrawal::text, 'withdrawal:' || v_withdrawal)
  returning id into v_transaction;
  insert into withdrawals (id, user_id, transaction_id, wallet_address, amount_cents)
  values (v_withdrawal, p_user_id, v_transaction, p_wallet, p_cents)
  returning withdrawals.requested_at into v_requested;
  perform events.publish(p_user_id, 'rewards.account_changed', jsonb_build_object('reason', 'withdrawal_requested'));
  return query select v_withdrawal, v_transaction, v_cash, v_requested;
end;
$$;

-- Completes a pending withdrawal once: its ledger row completed, total_withdrawn raised.
-- False when it is not pending any more (a job that runs twice).
create function _complete_withdrawal(p_withdrawal_id uuid, p_signature text) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_withdrawal withdrawals;
begin
  select * into v_withdrawal from withdrawals where id = p_withdrawal_id for update;
  if not found or v_withdrawal.status <> 'pending' then
    return false;
  end if;
  perform 1 from user_balances where user_id = v_withdrawal.user_id for update;
  update transactions set status = 'completed', completed_at = now() where id = v_withdrawal.transaction_id;
  update withdrawals set status = 'completed', tx_signature = p_signature, completed_at = now() where id = p_withdrawal_id;
  update user_balances
  set total_withdrawn_cents = total_withdrawn_cents + v_withdrawal.amount_cents, updated_at = now()
  where user_id = v_withdrawal.user_id;
  perform events.publish(v_withdrawal.user_id, 'rewards.withdrawal_completed',
    jsonb_build_object('withdrawalId', p_withdrawal_id, 'amountCents', v_withdrawal.amount_cents, 'txSignature', p_signature));
  perform events.publish(v_withdrawal.user_id, 'rewards.account_changed', jsonb_build_object('reason', 'withdrawal_completed'));
  return true;
end;
$$;

-- Finishes a running test run once (the job decides the outcome): its facts, the tests
-- counters and success rate, +50 / +25 points through award_points (key test_run:<id>), the
-- achievements, and the live events. False when the run is not running any more.
create function _finish_test_run(p_run_id uuid, p_completed boolean, p_tx_hash text, p_gas_used integer, p_block_number bigint) returns boolean
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
declare
  v_run test_runs;
  v_points integer := case when p_completed then 50 else 25 end;
begin
  select * into v_run from test_runs where id = p_run_id for update;
  if not found or v_run.status <> 'running' then
    return false;
  end if;
  perform ensure_account(v_run.user_id);
  perform 1 from user_balances where user_id = v_run.user_id for update;
  update test_runs
  set status = case when p_completed then 'completed' else 'failed' end,
      tx_hash = case when p_completed then p_tx_hash end,
      gas_used = case when p_completed then p_gas_used end,
      block_number = case when p_completed then p_block_number end,
      points_awarded = v_points,
      completed_at = now()
  where id = p_run_id;
  update leaderboard_stats
  set total_tests = total_tests + 1,
      successful_tests = successful_tests + case when p_completed then 1 else 0 end,
      success_rate = round((successful_tests + case when p_completed then 1 else 0 end) * 100.0 / (total_tests + 1), 2)::double precision,
      updated_at = now()
  where user_id = v_run.user_id;
  -- Publishes rewards.account_changed after the achievements; the run's own event follows.
  perform award_points(v_run.user_id, v_points, case when p_completed then 'test_completed' else 'test_failed' end,
    format('%s test on %s %s', initcap(replace(v_run.test_type, '_', ' ')), initcap(v_run.network),
           case when p_completed then 'completed' else 'failed' end),
    jsonb_build_object('type', 'test_run', 'id', p_run_id::text), 'test_run:' || p_run_id);
  perform events.publish(v_run.user_id, 'rewards.test_run_finished',
    jsonb_build_object('runId', p_run_id, 'status', case when p_completed then 'completed' else 'failed' end, 'points', v_points));
  return true;
end;
$$;
