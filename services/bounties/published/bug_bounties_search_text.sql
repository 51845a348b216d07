-- A new bounty's search text, built when it is inserted: a bounty's title and description never
-- change, and no route renames a project (one that ever does rebuilds its bounties' texts in the
-- same transaction).
create or replace function bug_bounties_search_text() returns trigger
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

create or replace trigger bug_bounties_search_text before insert on bug_bounties
for each row execute function bug_bounties_search_text();
