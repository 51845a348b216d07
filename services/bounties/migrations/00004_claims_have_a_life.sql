-- Claims have a life (issue 26; DESIGN.md "Beyond the spec, added 2026-11-27"): a claim with no
-- pending completion lapses `claim_days` after it was made (or after its completion was
-- rejected), its claimer may release it, and then the bounty is open again: claimable, or closable
-- by its creator with the held reward returned (services/bounties/README.md, "Claims have a life").

-- The period the creator chose when posting (the form offers 3, 7, 14 or 30 days; 7 by default).
alter table bug_bounties add column claim_days smallint not null default 7 check (claim_days between 1 and 90);

-- When the claim lapses unless a completion is pending: set at the claim and at a rejection
-- (to the whole millisecond, the precision of the durable job that lapses it), cleared while a
-- completion is pending and whenever the bounty is not claimed.
alter table bug_bounties add column claim_lapses_at timestamptz;

-- Claims made before this migration get the default period from now: their claimers were never told of one.
update bug_bounties b
set claim_lapses_at = date_trunc('milliseconds', now()) + make_interval(days => b.claim_days)
where b.status = 'claimed'
  and not exists (select 1 from bounty_completions c where c.bounty_id = b.id and c.status = 'pending');

alter table bug_bounties add constraint bug_bounties_lapse_only_while_claimed check (status = 'claimed' or claim_lapses_at is null);
create index bug_bounties_claims_lapsing on bug_bounties (claim_lapses_at) where claim_lapses_at is not null;

-- A completion whose claim ended (released or lapsed) is kept, withdrawn: nobody reviews or
-- resubmits it, and the bounty's next claimer writes a completion of their own. One current
-- (not withdrawn) completion per bounty, as before.
alter table bounty_completions add column withdrawn_at timestamptz;
alter table bounty_completions add constraint bounty_completions_approved_stays check (status <> 'approved' or withdrawn_at is null);
alter table bounty_completions drop constraint bounty_completions_bounty_id_key;
create unique index bounty_completions_current on bounty_completions (bounty_id) where withdrawn_at is null;
create index bounty_completions_of_bounty on bounty_completions (bounty_id);
