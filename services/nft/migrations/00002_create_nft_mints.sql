-- NFTs (the spec's nft_mints). `current_owner_id` belongs to this domain alone: other domains
-- read it through the view `nft.nfts` and move it only through `nft.transfer_ownership`
-- (00003). Listing state (for_sale, price, listed date) is not here: it is the marketplace's
-- `nft_sales`. User ids come from the auth service's tokens; no foreign key crosses into its schema.
create table nft_mints (
  id uuid primary key default gen_random_uuid(),
  -- Who made it (the spec's user_id); the same as original_creator_id.
  user_id uuid not null,
  name text not null check (char_length(name) between 3 and 100),
  description text not null check (char_length(description) <= 500),
  category text not null check (category in ('Art', 'Photography', 'Music', 'Video', 'Gaming', 'Sports', 'Collectibles', 'Utility', 'PFP', 'Memes')),
  -- null: made on /nft-creator without an image (the page shows the placeholder).
  image_key text references images (key),
  -- null when none were given (the spec's "list or null").
  tags text[] check (tags is null or cardinality(tags) between 1 and 5),
  is_limited_edition boolean not null default false,
  edition_size integer,
  creator_royalty numeric(3, 1) not null default 5 check (creator_royalty between 0 and 10),
  status text not null default 'pending' check (status in ('pending', 'completed', 'failed')),
  -- wizard: minted on the dashboard (pending, completed by the mint job); creator: /nft-creator.
  origin text not null check (origin in ('wizard', 'creator')),
  network text not null default 'ethereum' check (network in ('ethereum', 'sepolia', 'polygon', 'arbitrum', 'optimism')),
  original_creator_id uuid not null,
  current_owner_id uuid not null,
  tx_hash text,
  token_id text unique,
  minted_at timestamptz,
  created_at timestamptz not null default now(),
  check (case when is_limited_edition then edition_size >= 1 else edition_size is null end),
  check ((status = 'completed') = (tx_hash is not null and token_id is not null and minted_at is not null))
);

create index nft_mints_owner on nft_mints (current_owner_id, created_at desc);
create index nft_mints_creator on nft_mints (original_creator_id, created_at desc);
create index nft_mints_image on nft_mints (image_key);

-- Token ids, as a chain would number them: one sequence for the platform's collection.
create sequence token_ids start 1;

-- Every change of owner, once per caller's key (a retried checkout moves nothing twice).
create table ownership_transfers (
  id uuid primary key default gen_random_uuid(),
  nft_id uuid not null references nft_mints (id),
  from_user_id uuid not null,
  to_user_id uuid not null check (to_user_id <> from_user_id),
  key text not null unique check (char_length(key) between 1 and 200),
  created_at timestamptz not null default now()
);
create index ownership_transfers_nft on ownership_transfers (nft_id, created_at);
