-- Paying with a Solana wallet (issue 16): the payment requests the server issues before a wallet
-- signs, and the lamports a Solana payment paid (services/marketplace/README.md, "Paying with a
-- Solana wallet").

-- What one wallet signature is asked to pay: a transfer of `lamports` to `treasury`, carrying
-- `reference` and built on `recent_blockhash`, for the order priced at `total_cents`. Paid once:
-- `used_at` and `payment_id` are set in the checkout's transaction.
create table solana_payment_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  -- A fresh key (base58 of 32 random bytes) the transfer carries as a read-only account: it ties a
  -- transaction to this request alone, and finds the transaction on chain (Solana Pay's reference).
  reference text not null unique,
  -- The platform's treasury when the request was made (configuration may change after).
  treasury text not null,
  -- total_cents x 10^5 (1 SOL = 10^9 lamports for $100); within a u64 and a bigint.
  lamports bigint not null check (lamports > 0),
  total_cents bigint not null check (total_cents > 0),
  -- The order: one NFT at its price then ('Purchase NFT'), or the cart (both null); nft_ids, in
  -- id order, is what was priced, so a cart that changed since cannot be paid with this request.
  nft_id uuid,
  price_cents bigint check (price_cents > 0),
  nft_ids uuid[] not null check (cardinality(nft_ids) > 0),
  recent_blockhash text not null,
  -- The network's last block height for that blockhash (null offline): how long a settlement waits.
  last_valid_block_height bigint,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null check (expires_at > created_at),
  used_at timestamptz,
  payment_id uuid unique references payments (id),
  check ((nft_id is null) = (price_cents is null)),
  check ((used_at is null) = (payment_id is null))
);

-- A Solana payment's amount as paid, in lamports (a card payment has none).
alter table payments add column amount_lamports bigint check (amount_lamports > 0);
alter table payments add constraint payments_solana_lamports check ((payment_method = 'solana') = (amount_lamports is not null));
