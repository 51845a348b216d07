-- Accounts and the ways they sign in. `password_hash` is argon2id; wallet accounts have none.
create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text,
  user_metadata jsonb not null default '{}',
  email_confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Only password accounts sign in by e-mail, so only they must own theirs; the display e-mail
-- derived from a wallet address (first 8 characters) may repeat.
create unique index users_password_email_key on users (email) where password_hash is not null;

create table identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  provider text not null check (provider in ('email', 'solana')),
  provider_id text not null,
  created_at timestamptz not null default now(),
  unique (provider, provider_id)
);
create index identities_user_id_idx on identities (user_id);
