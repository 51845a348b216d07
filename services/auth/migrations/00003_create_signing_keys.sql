-- The Ed25519 key pair that signs access tokens, generated on first start so a restart keeps
-- sessions valid. Public halves are served as the JWKS.
create table signing_keys (
  kid text primary key,
  algorithm text not null default 'EdDSA',
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);
