-- The open-bounties page cache's triggers come from the kit (its notify_when_rows_change, the SQL
-- half of every NotifiedCache), as the marketplace's do: this schema's own copy of the trigger
-- function goes, with its triggers, which published/bug_bounties_changed.sql puts back, calling
-- the kit's, in this same transaction.
drop function if exists bug_bounties_changed() cascade;
