import type { Bounty } from '@starforge/contracts/bounties';
import { publishEvents, publishPublicEvent, transaction, type Db, type Jobs, type Sql, type Tx } from '@starforge/service-kit';
import { readBounty } from './bounty-read-model';
import { completionApproved, notClaimerToRelease } from './bounties-errors';
import { CLAIM_LAPSE_JOB, scheduleClaimLapse, type ClaimLapseJob } from './claim-lapse-job';
import { bountyParties } from './completions';

/**
 * Claims have a life (issue 26; services/bounties/README.md, "Claims have a life"): a claim with
 * no pending completion lapses at the bounty's `claim_lapses_at` (its claim, or its completion's
 * rejection, plus the bounty's `claim_days`); its claimer may release it before. Either way the
 * bounty is open again, the claimer's completion withdrawn, both sides told live.
 */

/**
 * The bounty open again after its claim ended: no claimer, no deadline, the claimer's completion
 * (any but an approved one, which closed the bounty) withdrawn; the creator and the claimer told
 * (`bounties.claim_ended`, in ascending user id), then every open list (`bounties.bounty_changed`).
 * The caller holds the bounty row's lock.
 */
const reopen = async (tx: Tx, bountyId: string, parties: { submittedBy: string; claimedBy: string }, reason: 'released' | 'lapsed') => {
  await tx`
    update bounties.bug_bounties set status = 'open', claimed_by = null, claimed_at = null, claim_lapses_at = null
    where id = ${bountyId}`;
  await tx`update bounties.bounty_completions set withdrawn_at = clock_timestamp() where bounty_id = ${bountyId} and withdrawn_at is null`;
  await publishEvents(
    tx,
    [parties.submittedBy, parties.claimedBy].map((userId) => ({ userId, type: 'bounties.claim_ended' as const, data: { bountyId, reason } })),
  );
  await publishPublicEvent(tx, { type: 'bounties.bounty_changed', data: { bountyId, status: 'open' } });
};

/**
 * The claimer gives the claim up: the bounty row locked first (as a review locks it, so a release
 * and an approval of one bounty queue and the first decides: released, the approval then finds no
 * pending completion; approved, the release finds it closed, 409 completion_approved). Anyone but
 * the claimer: 403 not_claimer.
 */
export const releaseClaim = (db: Db, claimerId: string, bountyId: string): Promise<Bounty> =>
  transaction(db, async (tx) => {
    const bounty = await bountyParties(tx, bountyId, { lock: true });
    if (bounty.claimedBy !== claimerId) throw notClaimerToRelease();
    if (bounty.status !== 'claimed') throw completionApproved();
    await reopen(tx, bountyId, { submittedBy: bounty.submittedBy, claimedBy: claimerId }, 'released');
    return readBounty(tx, claimerId, bountyId);
  });

/**
 * The job's work: lapses the claim when its time has come (the database's clock, under the bounty
 * row's lock, so a submission and the lapse of one claim queue and the first decides: a completion
 * submitted in time clears the deadline, one after it is refused with 409 claim_lapsed). Anything
 * else (released, approved, resubmitted, a later deadline of its own job) is left alone: a repeated
 * or stale job changes nothing. True when it lapsed the claim.
 */
const lapseClaim = (sql: Sql, bountyId: string): Promise<boolean> =>
  transaction(sql, async (tx) => {
    const [due] = await tx<{ submittedBy: string; claimedBy: string }[]>`
      select submitted_by, claimed_by from bounties.bug_bounties
      where id = ${bountyId} and status = 'claimed' and claim_lapses_at <= clock_timestamp()
      for update`;
    if (!due) return false;
    await reopen(tx, bountyId, due, 'lapsed');
    return true;
  });

/** The lapse job's worker. */
export const registerBountiesJobs = (jobs: Jobs, sql: Sql): void => {
  jobs.work<ClaimLapseJob>(CLAIM_LAPSE_JOB, async ({ bountyId }) => {
    await lapseClaim(sql, bountyId);
  });
};

/**
 * Enqueues the lapse of every running claim again, at start: claims that were running when this
 * migration 00004 gave them a deadline have no job yet; for the rest the key adds nothing.
 */
export const rearmClaimLapses = async (sql: Sql, jobs: Jobs): Promise<void> => {
  const claims = await sql<{ id: string; claimLapsesAt: Date }[]>`
    select id, claim_lapses_at from bounties.bug_bounties where claim_lapses_at is not null`;
  for (const claim of claims) await scheduleClaimLapse(sql, jobs, claim.id, claim.claimLapsesAt);
};
