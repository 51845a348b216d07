-- The open-bounties list's search (GET /bounties/open?q=, issue 17) and the review time every
-- bounty shows (services/bounties/README.md, "Bounties").

-- What a bounty is found by: its title, its description and its project's name, one per line (the
-- search box's one line of words never matches across two of them). Built when the bounty is
-- inserted: a bounty's title and description never change, and no route renames a project (one
-- that ever does rebuilds its bounties' texts in the same transaction).
alter table bug_bounties add column search_text text;

create function bounty_search_text(p_title text, p_description text, p_project_name text)
returns text
language sql immutable parallel safe
as $$
  select concat_ws(E'\n', p_title, p_description, p_project_name)
$$;

create function bug_bounties_search_text() returns trigger
language plpgsql
set search_path = bounties, pg_catalog, pg_temp
as $$
begin
  select bounties.bounty_search_text(new.title, new.description, p.name) into new.search_text
  from bounties.projects p
  where p.id = new.project_id;
  return new;
end;
$$;

create trigger bug_bounties_search_text before insert on bug_bounties
for each row execute function bug_bounties_search_text();

update bug_bounties b set search_text = bounty_search_text(b.title, b.description, p.name)
from projects p
where p.id = b.project_id;
alter table bug_bounties alter column search_text set not null;

-- How long the creator took over the last review: reviewed_at - completed_at of the completion
-- it decided, in whole seconds. Kept on the bounty because a resubmission clears the
-- completion's review (pending again) while the time of the last one stays published.
alter table bug_bounties add column review_seconds integer check (review_seconds >= 0);

-- The trigram index of open bounties' search text, when the server has pg_trgm (as marketplace's
-- migration 00002: without the extension the search is the same ILIKE over the open rows).
do $$
declare
  v_schema name;
begin
  begin
    create extension if not exists pg_trgm with schema public;
  exception when others then
    raise notice 'pg_trgm is not available (%); the open-bounties search runs without its index', sqlerrm;
  end;
  select n.nspname into v_schema
  from pg_extension e join pg_namespace n on n.oid = e.extnamespace
  where e.extname = 'pg_trgm';
  if v_schema is not null then
    execute format(
      'create index bug_bounties_open_search_trgm on bounties.bug_bounties using gin (search_text %I.gin_trgm_ops) with (fastupdate = off) where status = ''open''',
      v_schema);
  end if;
end;
$$;
