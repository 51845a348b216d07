-- Recent events per user. A stream that reconnects with Last-Event-ID replays the rows it
-- missed; rows are kept briefly (the events service deletes old ones) and never updated.
create table events (
  id bigserial primary key,
  user_id uuid not null,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index events_user_id_id_idx on events (user_id, id);
create index events_created_at_idx on events (created_at);

-- The largest id the cleanup ever deleted: a replay after Last-Event-ID N is complete only if
-- it is at most N (otherwise the client is told that events may have been missed).
create table retention (
  singleton boolean primary key default true check (singleton),
  deleted_through bigint not null
);

-- function publish: services/events/published/publish.sql
