-- Uploaded images, stored content-addressed: the key is the SHA-256 of the bytes (hex), so the
-- same bytes uploaded twice, by anyone, are one image. The bytes live behind the service's
-- storage interface (the filesystem under .data/ by default); this row is what is known about
-- them. Images are public once uploaded (an <img> sends no token).
create table images (
  key text primary key check (key ~ '^[0-9a-f]{64}$'),
  -- Decided by the bytes' magic numbers, never by the name or the declared type.
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  byte_size integer not null check (byte_size > 0 and byte_size <= 10485760),
  first_uploaded_by uuid not null,
  created_at timestamptz not null default now(),
  -- Moved on every upload of the same bytes: an image no NFT uses is removed a day after this.
  last_uploaded_at timestamptz not null default now()
);
