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

-- A payment (card or Solana) is a row of @starforge/payments' payment tables, which that package's
-- migration set makes in this schema; what it bought is the marketplace's own.
-- needs paymentMigrations from '@starforge/payments/server/migrations' up to 00001
create table payment_items (
  payment_id uuid not null references payments (id),
  nft_id uuid not null,
  -- The sale it paid: a sale is paid once.
  sale_id uuid not null unique references nft_sales (id),
  price_cents bigint not null check (price_cents > 0),
  quantity integer not null default 1 check (quantity = 1),
  primary key (payment_id, nft_id)
);
