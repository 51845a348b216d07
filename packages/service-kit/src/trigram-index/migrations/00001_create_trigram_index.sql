-- A trigram index for a search that matches text with ILIKE (like-pattern.ts), applied into the
-- schema of each service that searches, by the migration that first makes one:
--   -- needs trigramIndexMigrations from '@starforge/service-kit/trigram-index/migrations' up to 00001
--   select create_trigram_index('<index>', '<table>', '<column>', '<which rows, a where clause>');
--
-- Only when the server has pg_trgm: `create extension` fails on a server whose contrib package is
-- missing (or for a role that may not create it); the migration then goes on without the index
-- (the function answers false) and the search is the same ILIKE, scanning the rows.
create or replace function create_trigram_index(p_index name, p_table regclass, p_column name, p_where text)
returns boolean
language plpgsql
set search_path = pg_catalog, pg_temp
as $$
declare
  v_schema name;
begin
  begin
    create extension if not exists pg_trgm with schema public;
  exception when others then
    raise notice 'pg_trgm is not available (%); % is searched without its index', sqlerrm, p_table;
  end;
  select n.nspname into v_schema
  from pg_extension e join pg_namespace n on n.oid = e.extnamespace
  where e.extname = 'pg_trgm';
  if v_schema is null then
    return false;
  end if;
  execute format(
    'create index %I on %s using gin (%I %I.gin_trgm_ops) with (fastupdate = off) where %s',
    p_index, p_table, p_column, v_schema, p_where);
  return true;
end;
$$;
