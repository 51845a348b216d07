-- A page shows each bounty's project name (its status is not shown, nor filtered on): a renamed
-- project with open bounties notifies.
create or replace function projects_renamed() returns trigger
language plpgsql
set search_path = bounties, pg_catalog, pg_temp
as $$
begin
  if exists (
    select 1
    from old_rows o
    join new_rows n on n.id = o.id
    where o.name is distinct from n.name
      and exists (select 1 from bug_bounties b where b.project_id = n.id and b.status = 'open')
  ) then
    perform pg_notify('bounties_open_changed', pg_current_xact_id()::text);
  end if;
  return null;
end;
$$;

create or replace trigger projects_renamed_notify after update on projects
referencing old table as old_rows new table as new_rows
for each statement execute function projects_renamed();
