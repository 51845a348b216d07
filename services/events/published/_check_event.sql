-- What events.publish and events.publish_public check of the event they are given; `caller` (their
-- name) leads each message.
create or replace function _check_event(caller text, p_type text, p_data jsonb) returns void
language plpgsql
set search_path = events, pg_catalog
as $$
begin
  if p_type is null or length(p_type) > 64 or p_type !~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$' then
    raise exception '%: type % is not a dotted lowercase name', caller, p_type using errcode = '22023';
  end if;
  if p_data is null or jsonb_typeof(p_data) <> 'object' then
    raise exception '%: data must be a JSON object', caller using errcode = '22023';
  end if;
  if octet_length(p_data::text) > 4000 then
    raise exception '%: data is % bytes; events carry ids and small facts (at most 4000 bytes)', caller, octet_length(p_data::text) using errcode = '54000';
  end if;
end;
$$;
