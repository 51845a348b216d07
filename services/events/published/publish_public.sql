-- Published for every domain: records a public event and announces it on `starforge_events`,
-- for every open stream. Call it inside the transaction that made the change, after every
-- user event of that transaction (see events.publish): NOTIFY is delivered only at commit.
--
-- One transaction-scoped lock for all public events makes them commit in id order, as the
-- per-user lock does for one user's events, so a stream that has sent public id N has sent
-- every earlier public id, and a replay of public `id > N` is exact. It is held until commit:
-- publish last.
--
-- The NOTIFY payload is `{"id","userId":null,"type","data"}`, data at most 4,000 bytes. The
-- service kit's publishPublicEvent checks that the type is declared public and its data holds
-- ids only; this function cannot know the declarations.
create or replace function publish_public(type text, data jsonb) returns bigint
language plpgsql
set search_path = events, pg_catalog
as $$
declare
  event_id bigint;
begin
  perform _check_event('events.publish_public', publish_public.type, publish_public.data);

  -- Read by events.publish: a user event after this one would take a user lock while holding
  -- the public lock, the reverse of the rule, and could deadlock.
  perform set_config('starforge_events.public_published', 'on', true);
  perform pg_advisory_xact_lock(hashtextextended('starforge.events:public', 0));
  insert into events.events (user_id, type, data) values (null, publish_public.type, publish_public.data)
    returning id into event_id;
  perform pg_notify('starforge_events', json_build_object('id', event_id, 'userId', null, 'type', publish_public.type, 'data', publish_public.data)::text);
  return event_id;
end;
$$;
