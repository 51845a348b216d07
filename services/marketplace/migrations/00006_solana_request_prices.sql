-- The price of each NFT a Solana payment request priced, beside `nft_ids` (same order): paying
-- the request re-checks each listing at the price the buyer saw, as a card checkout does. A
-- request made before this column (at most 5 minutes old at deploy) has none and is refused
-- (409 order_changed): the buyer asks for a new one.
alter table solana_payment_requests add column prices_cents bigint[]
  check (prices_cents is null or cardinality(prices_cents) = cardinality(nft_ids));
