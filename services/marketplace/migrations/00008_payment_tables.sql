-- The marketplace's payments move onto @starforge/payments' payment tables (issue 29 §2). A schema
-- made before that set made its own payments (00003) and solana_payment_requests (00004) with
-- unnamed checks: every row is kept, the tables stay, and their checks take the set's names (the
-- marketplace's own checks on a request's order, names of what they hold). A schema made since has
-- the set's tables (its 00003 and 00004 build on them) and nothing to rename. What is the
-- marketplace's own stays beside them: payment_items, a request's order (nft_id, price_cents,
-- nft_ids, prices_cents) and a card payment's settlement (00007).
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('payments', 'payments_check', 'payments_completed_when'),
      ('payments', 'payments_check2', 'payments_card_kept'),
      ('payments', 'payments_check3', 'payments_solana_in_sol'),
      ('solana_payment_requests', 'solana_payment_requests_check', 'solana_payment_requests_expires_after_created'),
      ('solana_payment_requests', 'solana_payment_requests_check1', 'solana_payment_requests_one_nft_priced'),
      ('solana_payment_requests', 'solana_payment_requests_check2', 'solana_payment_requests_used_by_payment'),
      ('solana_payment_requests', 'solana_payment_requests_check3', 'solana_payment_requests_a_price_per_nft')
    ) as renamed (rel, old_name, new_name)
  loop
    if exists (select 1 from pg_constraint where conrelid = r.rel::regclass and conname = r.old_name) then
      execute format('alter table %I rename constraint %I to %I', r.rel, r.old_name, r.new_name);
    end if;
  end loop;
  -- A Solana payment's transaction, wallet and lamports, one check (the old 00003's and 00006's were
  -- two): every row held both, so it holds the one.
  if not exists (select 1 from pg_constraint where conrelid = 'payments'::regclass and conname = 'payments_solana_paid') then
    alter table payments
      drop constraint if exists payments_check1,
      drop constraint if exists payments_solana_lamports,
      add constraint payments_solana_paid
        check ((payment_method = 'solana') = (solana_transaction_id is not null and solana_wallet_address is not null and amount_lamports is not null));
  end if;
end;
$$;
