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

-- Published for every domain: records an event for a user and announces it on the
-- `starforge_events` channel. Call it inside the transaction that made the change, last:
-- NOTIFY is delivered only if that transaction commits, so only committed changes leave.
--
-- A transaction-scoped lock per user makes one user's events commit in id order (a second
-- publisher for the same user waits until the first commits or rolls back). So a stream that
-- has seen id N has seen every earlier id of its user, and a replay of `id > N` is exact.
--
-- The NOTIFY payload is `{"id","userId","type","data"}`; data is refused above 4,000 bytes
-- (PostgreSQL refuses NOTIFY payloads of 8,000 bytes and more).
create function publish(user_id uuid, type text, data jsonb) returns bigint
language plpgsql
set search_path = events, pg_catalog
as $$
declare
  event_id bigint;
begin
  if publish.user_id is null then
    raise exception 'events.publish: user_id is required' using errcode = '22004';
  end if;
  if publish.type is null or length(publish.type) > 64 or publish.type !~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$' then
    raise exception 'events.publish: type % is not a dotted lowercase name', publish.type using errcode = '22023';
  end if;
  if publish.data is null or jsonb_typeof(publish.data) <> 'object' then
    raise exception 'events.publish: data must be a JSON object' using errcode = '22023';
  end if;
  if octet_length(publish.data::text) > 4000 then
    raise exception 'events.publish: data is % bytes; events carry ids and small facts (at most 4000 bytes)', octet_length(publish.data::text) using errcode = '54000';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('starforge.events:' || publish.user_id::text, 0));
  insert into events.events (user_id, type, data) values (publish.user_id, publish.type, publish.data)
    returning id into event_id;
  perform pg_notify('starforge_events', json_build_object('id', event_id, 'userId', publish.user_id, 'type', publish.type, 'data', publish.data)::text);
  return event_id;
end;
$$;
