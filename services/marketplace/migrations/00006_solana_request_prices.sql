-- A Solana payment's amount as paid, in lamports (a card payment has none): the payment tables
-- have it now; a schema whose payments table is older than the set gets it here, and 00008 ties it
-- to the payment method.
alter table payments add column if not exists amount_lamports bigint check (amount_lamports > 0);
-- The price of each NFT a Solana payment request priced, beside `nft_ids` (same order): paying
-- the request re-checks each listing at the price the buyer saw, as a card checkout does. A
-- request made before this column (at most 5 minutes old at deploy) has none and is refused
-- (409 order_changed): the buyer asks for a new one.
alter table solana_payment_requests add column prices_cents bigint[],
  add constraint solana_payment_requests_a_price_per_nft check (prices_cents is null or cardinality(prices_cents) = cardinality(nft_ids));
