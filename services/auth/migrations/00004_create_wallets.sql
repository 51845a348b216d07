create table wallet_auth (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  wallet_address text not null unique,
  wallet_type text not null default 'solana' check (wallet_type = 'solana'),
  is_primary boolean not null default false,
  created_at timestamptz not null default now()
);
create index wallet_auth_user_id_idx on wallet_auth (user_id);
create unique index wallet_auth_one_primary_key on wallet_auth (user_id) where is_primary;

-- Sign-in challenges: single use (consumed_at), short lived, bound to address, domain and the
-- exact message text that was handed out.
create table wallet_nonces (
  nonce text primary key,
  wallet_address text not null,
  domain text not null,
  message text not null,
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index wallet_nonces_expires_at_idx on wallet_nonces (expires_at);
