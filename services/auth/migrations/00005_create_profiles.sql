create table profiles (
  id uuid primary key references users (id) on delete cascade,
  first_name text,
  last_name text,
  wallet_address text,
  updated_at timestamptz not null default now()
);
