-- The cart, payments and what each payment bought (issue 16). 00002 is the search migration.
-- User ids come from auth's tokens and NFT ids name rows of nft's schema: no foreign key leaves
-- this schema. A card number and cvv are never stored: a payment keeps the brand and last 4.

-- A line of a user's cart: one listed NFT at the price seen when it was added. An NFT is unique,
-- so the quantity is always 1, and a user has it in the cart at most once.
create table cart_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  nft_id uuid not null,
  -- The listing it was added from, and its price then (kept, shown, and checked at checkout).
  listing_id uuid not null references nft_sales (id),
  unit_price_cents bigint not null check (unit_price_cents > 0 and unit_price_cents <= 99999999999999),
  quantity integer not null default 1 check (quantity = 1),
  created_at timestamptz not null default now(),
  unique (user_id, nft_id)
);
-- A sale removes every cart line of the NFT, anyone's.
create index cart_items_nft on cart_items (nft_id);

create table payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  total_cents bigint not null check (total_cents > 0),
  currency text not null check (currency in ('USD', 'SOL')),
  payment_method text not null check (payment_method in ('credit_card', 'debit_card', 'solana')),
  status text not null default 'completed' check (status in ('pending', 'completed', 'failed')),
  -- A card payment: its brand and last 4 digits, nothing more.
  card_brand text check (char_length(card_brand) between 1 and 20),
  card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
  -- The processor's reference for the payment.
  transaction_id text not null unique,
  solana_transaction_id text unique,
  solana_wallet_address text,
  -- The client's Idempotency-Key: one payment per key and user, whatever replays it.
  idempotency_key text,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  check ((status = 'completed') = (completed_at is not null)),
  check ((payment_method = 'solana') = (solana_transaction_id is not null and solana_wallet_address is not null)),
  check ((payment_method <> 'solana') = (card_brand is not null and card_last4 is not null)),
  check ((payment_method = 'solana') = (currency = 'SOL')),
  unique (user_id, idempotency_key)
);
create index payments_user on payments (user_id, created_at desc);

create table payment_items (
  payment_id uuid not null references payments (id),
  nft_id uuid not null,
  -- The sale it paid: a sale is paid once.
  sale_id uuid not null unique references nft_sales (id),
  price_cents bigint not null check (price_cents > 0),
  quantity integer not null default 1 check (quantity = 1),
  primary key (payment_id, nft_id)
);
