-- The service's own: a withdrawal request. The cash is held at once (a pending ledger row,
-- already out of the balance); a withdrawal above the cash balance raises RW005 ('Insufficient
-- balance for withdrawal', the spec's words), so each SQLSTATE has one meaning and one message
-- (RW002 stays debit_cash's 'Insufficient balance'). The service completes it later
-- (_complete_withdrawal).
create or replace function _request_withdrawal(p_user_id uuid, p_cents bigint, p_wallet text)
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
    raise exception 'Insufficient balance for withdrawal' using errcode = 'RW005';
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
