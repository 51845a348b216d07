-- Published for every domain: records an event for a user and announces it on the
-- `starforge_events` channel. Call it inside the transaction that made the change, last:
-- NOTIFY is delivered only if that transaction commits, so only committed changes leave.
--
-- A transaction-scoped lock per user makes one user's events commit in id order (a second
-- publisher for the same user waits until the first commits or rolls back). So a stream that
-- has seen id N has seen every earlier id of its user, and a replay of `id > N` is exact.
-- It refuses to run after events.publish_public in the same transaction. Locks are taken in one
-- order: each user's lock (in user-id order, see publishEvents), then the public lock; a
-- transaction that took them the other way round could deadlock against one that follows the rule.
--
-- The NOTIFY payload is `{"id","userId","type","data"}`; data is refused above 4,000 bytes
-- (PostgreSQL refuses NOTIFY payloads of 8,000 bytes and more).
create or replace function publish(user_id uuid, type text, data jsonb) returns bigint
language plpgsql
set search_path = events, pg_catalog
as $$
declare
  event_id bigint;
begin
  if publish.user_id is null then
    raise exception 'events.publish: user_id is required' using errcode = '22004';
  end if;
  perform _check_event('events.publish', publish.type, publish.data);
  if current_setting('starforge_events.public_published', true) = 'on' then
    raise exception 'events.publish: publish user events before public events in a transaction (lock order: users, then public)' using errcode = '55000';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('starforge.events:' || publish.user_id::text, 0));
  insert into events.events (user_id, type, data) values (publish.user_id, publish.type, publish.data)
    returning id into event_id;
  perform pg_notify('starforge_events', json_build_object('id', event_id, 'userId', publish.user_id, 'type', publish.type, 'data', publish.data)::text);
  return event_id;
end;
$$;
