-- Every copy of the service keeps open-bounties pages in memory (src/domain/open-bounty-pages.ts)
-- until this channel says what they show changed (services/bounties/README.md, "Bounties").
-- NOTIFY is sent when the writing transaction commits, never for one that rolls back, and
-- PostgreSQL folds a transaction's identical notifications into one. Statement-level, with
-- transition tables: a bulk insert notifies once, and only when a row that is or was open changed.
-- The payload is the writing transaction's id (a test waits until a copy has heard its own).
create or replace function bug_bounties_changed() returns trigger
language plpgsql
set search_path = bounties, pg_catalog, pg_temp
as $$
begin
  if tg_op = 'INSERT' then
    if not exists (select 1 from new_rows where status = 'open') then
      return null;
    end if;
  elsif tg_op = 'UPDATE' then
    -- What a page shows, or finds, orders and counts by: a bounty claimed or closed (or opened
    -- again), its review time set, any of its shown fields or its search text rewritten.
    if not exists (
      select 1
      from old_rows o
      join new_rows n on n.id = o.id
      where (o.status = 'open' or n.status = 'open')
        and (o.status, o.title, o.description, o.severity, o.reward_cents, o.project_id, o.submitted_by, o.claimed_by,
             o.created_at, o.search_text, o.review_seconds)
            is distinct from (n.status, n.title, n.description, n.severity, n.reward_cents, n.project_id, n.submitted_by, n.claimed_by,
             n.created_at, n.search_text, n.review_seconds)
    ) then
      return null;
    end if;
  elsif tg_op = 'DELETE' then
    if not exists (select 1 from old_rows where status = 'open') then
      return null;
    end if;
  end if;
  perform pg_notify('bounties_open_changed', pg_current_xact_id()::text);
  return null;
end;
$$;

create or replace trigger bug_bounties_inserted_notify after insert on bug_bounties
referencing new table as new_rows
for each statement execute function bug_bounties_changed();

create or replace trigger bug_bounties_updated_notify after update on bug_bounties
referencing old table as old_rows new table as new_rows
for each statement execute function bug_bounties_changed();

create or replace trigger bug_bounties_deleted_notify after delete on bug_bounties
referencing old table as old_rows
for each statement execute function bug_bounties_changed();

create or replace trigger bug_bounties_truncated_notify after truncate on bug_bounties
for each statement execute function bug_bounties_changed();
