import type { z } from 'zod';
import { bountyLedgerDescriptions, type CompletionAnswer, type reviewAnswerSchema, type reviewCompletionSchema } from '@starforge/contracts/bounties';
import { crossUserTransaction, type Db, type Jobs, type UserMove } from '@starforge/service-kit';
import { rewardsMoves } from '@starforge/rewards-published';
import { bountySource, fundingKeys } from './bounty-commands';
import { readBounty } from './bounty-read-model';
import { noPendingCompletion, notCreator } from './bounties-errors';
import { lapseTimeSql, scheduleClaimLapse } from './claim-lapse-job';
import { bountyParties, completionColumns, type CompletionRow, withProof } from './completions';

export type ReviewInput = z.output<typeof reviewCompletionSchema>;
type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

/**
 * The creator's review page: the bounty and its pending completion (null when none is pending).
 * Only the creator reads it (403 not_creator): nobody else sees the proof.
 */
export const readReview = async (db: Db, creatorId: string, bountyId: string): Promise<CompletionAnswer> => {
  const bounty = await readBounty(db, creatorId, bountyId);
  if (!bounty.created_by_me) throw notCreator();
  const [row] = await db<CompletionRow[]>`
    select ${completionColumns(db)} from bounties.bounty_completions where bounty_id = ${bountyId} and status = 'pending' and withdrawn_at is null`;
  return { bounty, completion: row ? await withProof(db, row) : null };
};

/**
 * The creator decides the pending completion, in one `crossUserTransaction`:
 *
 * 1. the bounty row locked (403 not_creator for anyone but its creator), the completion moved
 *    from pending to approved or rejected with the notes, the reviewer and the time (409
 *    no_pending_completion when it is not pending: never submitted, decided already, or decided
 *    by a concurrent review that held the lock first); the bounty keeps the review's time
 *    (reviewed_at - completed_at) and, on approval, is closed; on a rejection the claim runs
 *    again for the bounty's `claim_days` from the review (issue 26: it lapses then unless
 *    resubmitted), its lapse job enqueued;
 * 2. on approval the claimer is credited the held reward (`rewards.credit_cash`, kind
 *    bounty_reward, key `bounty:<id>:payout`: once, however many approvals race), then told
 *    (`bounties.completion_reviewed`, also on a rejection); last, on approval, every open list
 *    learns the bounty closed (`bounties.bounty_changed`).
 */
export const reviewCompletion = async (db: Db, jobs: Jobs, creatorId: string, bountyId: string, input: ReviewInput): Promise<ReviewAnswer> => {
  const { result } = await crossUserTransaction(db, async (tx) => {
    const bounty = await bountyParties(tx, bountyId, { lock: true });
    if (bounty.submittedBy !== creatorId) throw notCreator();
    // A pending completion exists only while its bounty is claimed (an approval closes it).
    if (bounty.status !== 'claimed') throw noPendingCompletion();
    const approve = input.decision === 'approve';
    const [completion] = await tx<(CompletionRow & { completedBy: string })[]>`
      update bounties.bounty_completions
      set status = ${approve ? 'approved' : 'rejected'}, review_notes = ${input.review_notes === '' ? null : input.review_notes},
          reviewed_by = ${creatorId}, reviewed_at = clock_timestamp()
      where id = ${input.completion_id} and bounty_id = ${bountyId} and status = 'pending' and withdrawn_at is null
      returning ${completionColumns(tx)}, completed_by`;
    if (!completion) throw noPendingCompletion();
    const [closed] = await tx<{ title: string; rewardCents: string; claimLapsesAt: Date | null }[]>`
      update bounties.bug_bounties b
      set review_seconds = greatest(0, floor(extract(epoch from c.reviewed_at - c.completed_at)))::integer,
          ${approve ? tx`status = 'closed', closed_at = c.reviewed_at, claim_lapses_at = null` : tx`claim_lapses_at = ${lapseTimeSql(tx, tx`c.reviewed_at`)}`}
      from bounties.bounty_completions c
      where b.id = ${bountyId} and c.id = ${completion.id}
      returning b.title, b.reward_cents, b.claim_lapses_at`;
    if (!closed) throw new Error('the locked bounty is gone');
    if (closed.claimLapsesAt) await scheduleClaimLapse(tx, jobs, bountyId, closed.claimLapsesAt);
    const payout: UserMove[] = approve
      ? [
          rewardsMoves.creditCash({
            userId: completion.completedBy,
            cents: Number(closed.rewardCents),
            kind: 'bounty_reward',
            description: bountyLedgerDescriptions.payout(closed.title),
            source: bountySource(bountyId),
            key: fundingKeys.payout(bountyId),
          }),
        ]
      : [];
    const { completedBy, ...decided } = completion;
    return {
      result: await withProof(tx, decided),
      moves: payout,
      events: [
        {
          userId: completedBy,
          type: 'bounties.completion_reviewed' as const,
          data: { bountyId, completionId: completion.id, status: approve ? ('approved' as const) : ('rejected' as const) },
        },
      ],
      publicEvents: approve ? [{ type: 'bounties.bounty_changed' as const, data: { bountyId, status: 'closed' as const } }] : [],
    };
  });
  return { bounty: await readBounty(db, creatorId, bountyId), completion: result };
};
