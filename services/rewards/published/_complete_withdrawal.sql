-- Completes a pending withdrawal once: its ledger row completed, total_withdrawn raised.
-- False when it is not pending any more (a job that runs twice).
create or replace function _complete_withdrawal(p_withdrawal_id uuid, p_signature text) returns boolean
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
