-- The marketplace's payments move onto @starforge/payments' payment tables (issue 29 §2; its
-- set, packages/payments/src/server/migrations, is applied after this schema's own migrations,
-- and finds its tables here). Every row is kept: the tables stay, their constraints take the
-- set's names. What is the marketplace's own stays beside them: payment_items (what a payment
-- bought), a request's order (nft_id, price_cents, nft_ids, prices_cents) and a card payment's
-- settlement (processor_mode, settles_at, settled_at, 00007).

alter table payments rename constraint payments_check to payments_completed_when;
alter table payments rename constraint payments_check2 to payments_card_kept;
alter table payments rename constraint payments_check3 to payments_solana_in_sol;
-- A Solana payment's transaction, wallet and lamports, one check (00003's and 00006's were two):
-- every row held both, so it holds the one.
alter table payments
  drop constraint payments_check1,
  drop constraint payments_solana_lamports,
  add constraint payments_solana_paid
    check ((payment_method = 'solana') = (solana_transaction_id is not null and solana_wallet_address is not null and amount_lamports is not null));

alter table solana_payment_requests rename constraint solana_payment_requests_check to solana_payment_requests_expires_after_created;
alter table solana_payment_requests rename constraint solana_payment_requests_check2 to solana_payment_requests_used_by_payment;
-- The marketplace's own checks on a request's order, by what they hold.
alter table solana_payment_requests rename constraint solana_payment_requests_check1 to solana_payment_requests_one_nft_priced;
alter table solana_payment_requests rename constraint solana_payment_requests_check3 to solana_payment_requests_a_price_per_nft;
