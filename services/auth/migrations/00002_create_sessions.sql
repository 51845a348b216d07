create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text,
  user_agent text,
  ip text
);
create index sessions_user_id_idx on sessions (user_id) where revoked_at is null;

-- Refresh tokens are kept only as sha256 hashes. Each use rotates the token (rotated_at set,
-- a child row added); the parent chain lets a reused token be recognised.
create table refresh_tokens (
  id bigint generated always as identity primary key,
  session_id uuid not null references sessions (id) on delete cascade,
  parent_id bigint references refresh_tokens (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  rotated_at timestamptz
);
create index refresh_tokens_session_id_idx on refresh_tokens (session_id);
create index refresh_tokens_parent_id_idx on refresh_tokens (parent_id);

-- view active_sessions: services/auth/published/active_sessions.sql
