import type { z } from 'zod';
import { bountyLedgerDescriptions, type Bounty, type createBountySchema } from '@starforge/contracts/bounties';
import { crossUserTransaction, publishEvent, publishPublicEvent, transaction, type Db, type Jobs } from '@starforge/service-kit';
import { rewardsMoves } from '@starforge/rewards-published';
import { readBounty } from './bounty-read-model';
import { lapseTimeSql, scheduleClaimLapse } from './claim-lapse-job';
import { newestVersionId } from './code-versions';
import { activeProjectOf } from './projects';
import { isPro } from './plans';
import {
  availableCentsOfRefusal,
  bountyNotFound,
  insufficientFunds,
  notClosable,
  notCreatorToClose,
  notOpen,
  ownBounty,
  projectNotActive,
  proRequired,
} from './bounties-errors';

// The bounties' commands: post (its reward held), claim, close (its reward returned). What they
// answer is read by bounty-read-model.ts.

export type NewBounty = z.output<typeof createBountySchema>;

/**
 * The ledger keys of a bounty's reward (rewards' idempotency key per user and effect): held once
 * from the creator, then either paid once to the claimer or returned once to the creator.
 */
export const fundingKeys = {
  hold: (bountyId: string) => `bounty:${bountyId}:hold`,
  payout: (bountyId: string) => `bounty:${bountyId}:payout`,
  return: (bountyId: string) => `bounty:${bountyId}:return`,
};

/** The statement's link of every row of a bounty's reward. */
export const bountySource = (bountyId: string) => ({ type: 'bounty' as const, id: bountyId });

/**
 * Posts a funded bounty, in one `crossUserTransaction`: the creator is Pro (403 pro_required),
 * the project is one of the creator's own active projects (400 project_not_active; both rows
 * taken `for share` until commit, so a save of its code waits), the bounty row inserted against the
 * project's newest code version (none: null), then its reward held from the
 * creator's cash (`rewards.debit_cash`, kind bounty_reward, key `bounty:<id>:hold`; a $0 reward
 * moves nothing) and last the public `bounties.bounty_changed` (open). A reward above the cash is
 * refused by rewards (RW002): 400 insufficient_funds naming the cash available, nothing posted.
 */
export const createBounty = async (db: Db, creatorId: string, input: NewBounty): Promise<Bounty> => {
  try {
    const { result: bountyId } = await crossUserTransaction(db, async (tx) => {
      if (!(await isPro(tx, creatorId))) throw proRequired();
      if (!(await activeProjectOf(tx, input.project_id, creatorId))) throw projectNotActive();
      const [row] = await tx<{ id: string }[]>`
        insert into bounties.bug_bounties (title, description, severity, reward_cents, project_id, submitted_by, claim_days, code_version_id)
        values (${input.title}, ${input.description}, ${input.severity}, ${input.reward}, ${input.project_id}, ${creatorId}, ${input.claim_days},
                ${await newestVersionId(tx, input.project_id)})
        returning id`;
      if (!row) throw new Error('no bounty inserted');
      const hold = rewardsMoves.debitCash({
        userId: creatorId,
        cents: input.reward,
        kind: 'bounty_reward',
        description: bountyLedgerDescriptions.hold(input.title),
        source: bountySource(row.id),
        key: fundingKeys.hold(row.id),
      });
      return { result: row.id, moves: [hold], publicEvents: [{ type: 'bounties.bounty_changed', data: { bountyId: row.id, status: 'open' } }] };
    });
    return await readBounty(db, creatorId, bountyId);
  } catch (error) {
    const available = availableCentsOfRefusal(error);
    if (available !== null) throw insufficientFunds(available);
    throw error;
  }
};

/**
 * Claims an open bounty for `claimerId` in one conditional update (status still open, not the
 * claimer's own): of simultaneous claims one updates the row, the others then find it claimed
 * (409 bounty_not_open). The claim lapses after the bounty's `claim_days` unless a completion is
 * pending then (issue 26): its deadline is set and its lapse job enqueued in the same
 * transaction. Tells the creator (`bounties.bounty_claimed`), then every open list
 * (`bounties.bounty_changed`, claimed), in that order (a user event after a public one is refused).
 */
export const claimBounty = (db: Db, jobs: Jobs, claimerId: string, bountyId: string): Promise<Bounty> =>
  transaction(db, async (tx) => {
    const [claimed] = await tx<{ submittedBy: string; claimLapsesAt: Date }[]>`
      update bounties.bug_bounties
      set status = 'claimed', claimed_by = ${claimerId}, claimed_at = clock_timestamp(), claim_lapses_at = ${lapseTimeSql(tx, tx`clock_timestamp()`)}
      where id = ${bountyId} and status = 'open' and submitted_by <> ${claimerId}
      returning submitted_by, claim_lapses_at`;
    if (!claimed) {
      const [found] = await tx<{ submittedBy: string }[]>`select submitted_by from bounties.bug_bounties where id = ${bountyId}`;
      if (!found) throw bountyNotFound();
      if (found.submittedBy === claimerId) throw ownBounty();
      throw notOpen();
    }
    await scheduleClaimLapse(tx, jobs, bountyId, claimed.claimLapsesAt);
    await publishEvent(tx, { userId: claimed.submittedBy, type: 'bounties.bounty_claimed', data: { bountyId } });
    await publishPublicEvent(tx, { type: 'bounties.bounty_changed', data: { bountyId, status: 'claimed' } });
    return readBounty(tx, claimerId, bountyId);
  });

/**
 * Closes an open bounty of the caller's (one conditional update: 403 not_creator for anyone
 * else, 409 bounty_not_closable once claimed or closed) and returns its held reward to the
 * creator (`rewards.credit_cash`, key `bounty:<id>:return`), then `bounties.bounty_changed` (closed).
 * A claim and a close race on the same row: whichever updates it first wins, so a reward is
 * either paid or returned, never both.
 */
export const closeBounty = async (db: Db, creatorId: string, bountyId: string): Promise<Bounty> => {
  await crossUserTransaction(db, async (tx) => {
    const [closed] = await tx<{ title: string; rewardCents: string }[]>`
      update bounties.bug_bounties set status = 'closed', closed_at = clock_timestamp()
      where id = ${bountyId} and submitted_by = ${creatorId} and status = 'open'
      returning title, reward_cents`;
    if (!closed) {
      const [found] = await tx<{ submittedBy: string }[]>`select submitted_by from bounties.bug_bounties where id = ${bountyId}`;
      if (!found) throw bountyNotFound();
      if (found.submittedBy !== creatorId) throw notCreatorToClose();
      throw notClosable();
    }
    const giveBack = rewardsMoves.creditCash({
      userId: creatorId,
      cents: Number(closed.rewardCents),
      kind: 'bounty_reward',
      description: bountyLedgerDescriptions.return(closed.title),
      source: bountySource(bountyId),
      key: fundingKeys.return(bountyId),
    });
    return { result: bountyId, moves: [giveBack], publicEvents: [{ type: 'bounties.bounty_changed', data: { bountyId, status: 'closed' } }] };
  });
  return readBounty(db, creatorId, bountyId);
};
