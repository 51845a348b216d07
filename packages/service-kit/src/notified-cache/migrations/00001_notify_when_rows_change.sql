-- The SQL half of a NotifiedCache (notified-cache/README.md, "The trigger"), applied into the
-- schema of each service whose cache it empties. The service's published SQL names it and calls it:
--   -- needs notifiedCacheMigrations from '@starforge/service-kit/notified-cache/migrations' up to 00001
--   select notify_when_rows_change('<table>', '<channel>', '<status column>', '<kept status>', array['<column>', ...]);
-- which installs four statement-level triggers on the table, <table>_{inserted,updated,deleted,truncated}_notify.
--
-- A statement notifies `channel` once, on commit (never for one that rolls back; PostgreSQL folds a
-- transaction's identical notifications into one), and only when a row the cache keeps changed: a
-- row inserted or deleted with the kept status, or updated from or to it with one of `columns`
-- changed; any truncate. Transition tables: a bulk write notifies once. The payload is the writing
-- transaction's id (a copy's `seen`: a test waits until a copy has heard its own).

-- The trigger: `tg_argv` is the channel, the kept status and the query that tells whether the
-- statement changed a kept row (empty for a truncate: always), made once by notify_when_rows_change.
create or replace function notified_cache_rows_changed() returns trigger
language plpgsql
set search_path = pg_catalog, pg_temp
as $$
declare
  v_changed boolean := true;
begin
  if tg_argv[2] <> '' then
    execute tg_argv[2] into v_changed using tg_argv[1];
  end if;
  if v_changed then
    perform pg_notify(tg_argv[0], pg_current_xact_id()::text);
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
  v_kept text := format('select exists (select 1 from %%s where %I = $1)', p_status_column);
  v_updated text := format(
    'select exists (select 1 from old_rows o join new_rows n on n.id = o.id where (o.%1$I = $1 or n.%1$I = $1) and row(%2$s) is distinct from row(%3$s))',
    p_status_column,
    (select string_agg(format('o.%I', c), ', ' order by i) from unnest(p_columns) with ordinality as u (c, i)),
    (select string_agg(format('n.%I', c), ', ' order by i) from unnest(p_columns) with ordinality as u (c, i)));
  t record;
begin
  select n.nspname, c.relname into v_schema, v_name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = p_table;
  for t in
    select * from (values
      ('inserted', 'insert', 'referencing new table as new_rows', format(v_kept, 'new_rows')),
      ('updated', 'update', 'referencing old table as old_rows new table as new_rows', v_updated),
      ('deleted', 'delete', 'referencing old table as old_rows', format(v_kept, 'old_rows')),
      ('truncated', 'truncate', '', '')
    ) as triggers (named, event, transition_tables, changed_query)
  loop
    execute format(
      'create or replace trigger %I after %s on %s %s for each statement execute function %I.notified_cache_rows_changed(%L, %L, %L)',
      v_name || '_' || t.named || '_notify', t.event, p_table, t.transition_tables, v_schema, p_channel, p_kept_status, t.changed_query);
  end loop;
end;
$$;
