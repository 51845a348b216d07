-- The SQL half of a NotifiedCache (notified-cache/README.md, "The trigger"), applied into the
-- schema of each service whose cache it empties. A migration that installs it says so:
--   -- needs notifiedCacheMigrations from '@starforge/service-kit/notified-cache/migrations' up to 00001
-- then the service's published SQL calls
--   select notify_when_rows_change('<table>', '<channel>', '<status column>', '<kept status>', array['<column>', ...]);
-- which installs four statement-level triggers on the table, <table>_{inserted,updated,deleted,truncated}_notify.
--
-- A statement notifies `channel` once, on commit (never for one that rolls back; PostgreSQL folds a
-- transaction's identical notifications into one), and only when a row the cache keeps changed: a
-- row inserted or deleted with the kept status, or updated from or to it with one of `columns`
-- changed; any truncate. Transition tables: a bulk write notifies once. The payload is the writing
-- transaction's id (a copy's `seen`: a test waits until a copy has heard its own).

create or replace function notified_cache_rows_changed() returns trigger
language plpgsql
set search_path = pg_catalog, pg_temp
as $$
declare
  v_channel text := tg_argv[0];
  v_status text := tg_argv[1];
  v_kept text := tg_argv[2];
  v_columns text[] := string_to_array(tg_argv[3], ',');
  v_changed boolean := true;
begin
  if tg_op = 'INSERT' then
    execute format('select exists (select 1 from new_rows where %I = $1)', v_status) into v_changed using v_kept;
  elsif tg_op = 'UPDATE' then
    execute format(
      'select exists (select 1 from old_rows o join new_rows n on n.id = o.id where (o.%1$I = $1 or n.%1$I = $1) and row(%2$s) is distinct from row(%3$s))',
      v_status,
      (select string_agg(format('o.%I', c), ', ' order by i) from unnest(v_columns) with ordinality as u (c, i)),
      (select string_agg(format('n.%I', c), ', ' order by i) from unnest(v_columns) with ordinality as u (c, i)))
    into v_changed using v_kept;
  elsif tg_op = 'DELETE' then
    execute format('select exists (select 1 from old_rows where %I = $1)', v_status) into v_changed using v_kept;
  end if;
  if v_changed then
    perform pg_notify(v_channel, pg_current_xact_id()::text);
  end if;
  return null;
end;
$$;

create or replace function notify_when_rows_change(p_table regclass, p_channel text, p_status_column text, p_kept_status text, p_columns text[])
returns void
language plpgsql
set search_path = pg_catalog, pg_temp
as $$
declare
  v_schema name;
  v_name name;
  v_args text := format('%L, %L, %L, %L', p_channel, p_status_column, p_kept_status, array_to_string(p_columns, ','));
  t record;
begin
  select n.nspname, c.relname into v_schema, v_name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = p_table;
  for t in
    select * from (values
      ('inserted', 'insert', 'referencing new table as new_rows'),
      ('updated', 'update', 'referencing old table as old_rows new table as new_rows'),
      ('deleted', 'delete', 'referencing old table as old_rows'),
      ('truncated', 'truncate', '')
    ) as triggers (named, event, transition_tables)
  loop
    execute format(
      'create or replace trigger %I after %s on %s %s for each statement execute function %I.notified_cache_rows_changed(%s)',
      v_name || '_' || t.named || '_notify', t.event, p_table, t.transition_tables, v_schema, v_args);
  end loop;
end;
$$;
