-- Listings (the spec's nft_sales): an NFT offered at a price, then cancelled or sold. Whether an
-- NFT is for sale, its price and its listed date are read here, never stored on nft's rows.
-- nft_id names a row of nft's schema, read through the view `nft.nfts` and locked through
-- `nft.owned_nft`; no foreign key crosses into that schema (dependencies run one way:
-- marketplace -> nft), nor into auth's for the user ids, which come from its tokens.
create table nft_sales (
  id uuid primary key default gen_random_uuid(),
  nft_id uuid not null,
  seller_id uuid not null,
  -- Set when it is sold (issue 16's checkout), together with sold_at.
  buyer_id uuid check (buyer_id <> seller_id),
  -- Integer cents, more than 0; at most what the price field reads (12 whole digits), so the
  -- amount stays an exact integer in JavaScript.
  price_cents bigint not null check (price_cents > 0 and price_cents <= 99999999999999),
  status text not null default 'listed' check (status in ('listed', 'cancelled', 'sold')),
  -- The listed date.
  created_at timestamptz not null default now(),
  sold_at timestamptz,
  cancelled_at timestamptz,
  -- Each status carries exactly its own facts: listed neither time, sold its buyer and time,
  -- cancelled its time.
  check ((status = 'sold') = (sold_at is not null)),
  check ((status = 'sold') = (buyer_id is not null)),
  check ((status = 'cancelled') = (cancelled_at is not null)),
  check (sold_at >= created_at and cancelled_at >= created_at)
);

-- One active listing per NFT, decided by the database: a second `listed` row for the same NFT
-- is a unique violation, whatever raced to write it.
create unique index nft_sales_one_listed on nft_sales (nft_id) where status = 'listed';
-- An NFT's history of sales, newest first.
create index nft_sales_nft on nft_sales (nft_id, created_at desc);
