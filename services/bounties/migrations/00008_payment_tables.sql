-- The plan's payments move onto @starforge/payments' payment tables (issue 29 §2). A schema made
-- before that set kept them in subscription_payments (and a solana_payment_requests with the set's
-- columns already): every row is kept, the table is renamed, not copied, and its constraints and
-- index take the names the set gives them; the set, applied after this schema's own files, then
-- finds its tables here. A schema made since has the set's tables and nothing to rename.
do $$
declare
  c record;
begin
  if to_regclass('subscription_payments') is null then
    return;
  end if;
  alter table subscription_payments rename to payments;
  -- pkey, unique, check and (PostgreSQL 18) not-null constraints: subscription_payments_* to payments_*.
  for c in
    select conname from pg_constraint
    where conrelid = 'payments'::regclass and conname like 'subscription\_payments\_%'
  loop
    execute format('alter table payments rename constraint %I to %I', c.conname, 'payments_' || substr(c.conname, length('subscription_payments_') + 1));
  end loop;
  alter index subscription_payments_user rename to payments_user;
  -- The table's unnamed checks, by what they hold.
  alter table payments rename constraint payments_check to payments_completed_when;
  alter table payments rename constraint payments_check1 to payments_solana_paid;
  alter table payments rename constraint payments_check2 to payments_card_kept;
  alter table payments rename constraint payments_check3 to payments_solana_in_sol;
  alter table solana_payment_requests rename constraint solana_payment_requests_check to solana_payment_requests_expires_after_created;
  alter table solana_payment_requests rename constraint solana_payment_requests_check1 to solana_payment_requests_used_by_payment;
end;
$$;
