-- Paying with a Solana wallet (issue 16): the payment requests the server issues before a wallet
-- signs (services/marketplace/README.md, "Paying with a Solana wallet"). A request is a row of
-- @starforge/payments' `solana_payment_requests` (a transfer of `lamports` to `treasury`, carrying
-- `reference`, built on `recent_blockhash`, paid once); what it priced is the marketplace's own.
-- needs paymentMigrations from '@starforge/payments/server/migrations' up to 00001

-- The order: one NFT at its price then ('Purchase NFT'), or the cart (both null); nft_ids, in id
-- order, is what was priced, so a cart that changed since cannot be paid with this request.
alter table solana_payment_requests
  add column nft_id uuid,
  add column price_cents bigint check (price_cents > 0),
  add column nft_ids uuid[] not null check (cardinality(nft_ids) > 0),
  add constraint solana_payment_requests_one_nft_priced check ((nft_id is null) = (price_cents is null));
