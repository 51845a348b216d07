-- Every copy of the service keeps open-bounties pages in memory (src/domain/open-bounty-pages.ts)
-- until this channel says what they show changed (services/bounties/README.md, "Bounties"): a
-- bounty that is or was open, inserted, deleted, or claimed or closed (or opened again), its review
-- time set, any of its shown fields or its search text rewritten. The kit's triggers
-- (service-kit/src/notified-cache/migrations) notify once a statement, on commit.
-- needs notifiedCacheMigrations from '@starforge/service-kit/notified-cache/migrations' up to 00001
select notify_when_rows_change(
  'bug_bounties', 'bounties_open_changed', 'status', 'open',
  array['status', 'title', 'description', 'severity', 'reward_cents', 'project_id', 'submitted_by', 'claimed_by', 'created_at', 'search_text', 'review_seconds']
);
