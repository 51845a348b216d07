-- The payment tables (@starforge/payments' server), applied into the schema of each domain that
-- takes a payment: just before the domain's first migration that builds on them (`-- needs
-- paymentMigrations …`), or else after its own migrations (packages/payments/README.md, "The
-- payment tables"). A domain adds what is its own beside them: what a payment bought, the order a
-- request priced, a card payment's settlement.
--
-- A domain schema older than this set (the marketplace's, the bounties') made these tables itself;
-- its migration 00008 brought them to this shape, and `if not exists` then keeps their rows.

-- A completed payment: a card (its brand and last 4, never its number or cvv) or a verified
-- Solana transfer (its transaction, the paying wallet, the lamports). User ids come from auth's
-- tokens: no foreign key leaves the schema.
create table if not exists payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  total_cents bigint not null check (total_cents > 0),
  currency text not null check (currency in ('USD', 'SOL')),
  payment_method text not null check (payment_method in ('credit_card', 'debit_card', 'solana')),
  status text not null default 'completed' check (status in ('pending', 'completed', 'failed')),
  card_brand text check (char_length(card_brand) between 1 and 20),
  card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
  -- The processor's reference for a card payment (`CardProcessor.charge`).
  transaction_id text not null unique,
  -- Unique: a Solana transaction pays once, under any request (`RECORDED_SOLANA_TRANSACTION`).
  solana_transaction_id text unique,
  solana_wallet_address text,
  amount_lamports bigint check (amount_lamports > 0),
  -- The client's Idempotency-Key: one payment per key and user, whatever replays it.
  idempotency_key text,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  constraint payments_completed_when check ((status = 'completed') = (completed_at is not null)),
  constraint payments_solana_paid check ((payment_method = 'solana') = (solana_transaction_id is not null and solana_wallet_address is not null and amount_lamports is not null)),
  constraint payments_card_kept check ((payment_method <> 'solana') = (card_brand is not null and card_last4 is not null)),
  constraint payments_solana_in_sol check ((payment_method = 'solana') = (currency = 'SOL')),
  unique (user_id, idempotency_key)
);
create index if not exists payments_user on payments (user_id, created_at desc);

-- What one wallet signature is asked to pay (`issueSolanaPaymentRequest`): a transfer of
-- `lamports` to `treasury`, carrying `reference` (a fresh key, Solana Pay's reference) and built on
-- `recent_blockhash`, for `total_cents`. Paid once: `paySolanaPaymentRequest` sets `used_at` and
-- `payment_id` in the payment's transaction.
create table if not exists solana_payment_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  reference text not null unique,
  -- The treasury when the request was made (configuration may change after).
  treasury text not null,
  -- total_cents x 10^5 (1 SOL = 10^9 lamports for $100); within a u64 and a bigint.
  lamports bigint not null check (lamports > 0),
  total_cents bigint not null check (total_cents > 0),
  recent_blockhash text not null,
  -- The network's last block height for that blockhash (null offline): how long a settlement waits.
  last_valid_block_height bigint,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  payment_id uuid unique references payments (id),
  constraint solana_payment_requests_expires_after_created check (expires_at > created_at),
  constraint solana_payment_requests_used_by_payment check ((used_at is null) = (payment_id is null))
);
