-- The open-bounties list's search (GET /bounties/open?q=, issue 17) and the review time every
-- bounty shows (services/bounties/README.md, "Bounties").

-- What a bounty is found by: its title, its description and its project's name, one per line (the
-- search box's one line of words never matches across two of them). Built when the bounty is
-- inserted: a bounty's title and description never change, and no route renames a project (one
-- that ever does rebuilds its bounties' texts in the same transaction).
alter table bug_bounties add column search_text text;

-- function bounty_search_text: services/bounties/published/bounty_search_text.sql

-- function bug_bounties_search_text: services/bounties/published/bug_bounties_search_text.sql

-- trigger bug_bounties_search_text: services/bounties/published/bug_bounties_search_text.sql

-- The bounties written before this migration, as bounty_search_text (published/) built them then.
update bug_bounties b set search_text = concat_ws(E'\n', b.title, b.description, p.name)
from projects p
where p.id = b.project_id;
alter table bug_bounties alter column search_text set not null;

-- How long the creator took over the last review: reviewed_at - completed_at of the completion
-- it decided, in whole seconds. Kept on the bounty because a resubmission clears the
-- completion's review (pending again) while the time of the last one stays published.
alter table bug_bounties add column review_seconds integer check (review_seconds >= 0);

-- The trigram index of open bounties' search text, when the server has pg_trgm (without the
-- extension the search is the same ILIKE over the open rows).
-- needs trigramIndexMigrations from '@starforge/service-kit/trigram-index/migrations' up to 00001
select create_trigram_index('bug_bounties_open_search_trgm', 'bug_bounties', 'search_text', 'status = ''open''');
