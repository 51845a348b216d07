-- The first day of the current ISO week in UTC (a Monday).
create or replace function current_week() returns date
language sql stable
as $$ select (pg_catalog.date_trunc('week', pg_catalog.now() at time zone 'UTC'))::date $$;
