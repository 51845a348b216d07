import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bountiesErrorCodes,
  bountiesMessages,
  bountyAnswerSchema,
  bountyLedgerDescriptions,
  completionAnswerSchema,
  reviewAnswerSchema,
} from '@starforge/contracts/bounties';
import { transactionRuleText } from '@starforge/contracts/rewards';
import { errorOf } from '@starforge/test-db/harness';
import { bountyLedger, cashOf, claim, postBounty, proCreator, submit } from '../testing/bounties-fixtures';
import { bountiesTestContext, callAs, ledgerBreaks, signIn, type TestUser } from '../testing/harness';

const ctx = bountiesTestContext();

const review = (who: TestUser, bountyId: string, body: Record<string, unknown>) => callAs(ctx, who, 'POST', `/bounties/${bountyId}/review`, { body });
const reviewedEvents = (userId: string) =>
  ctx.sql<{ data: { bountyId: string; completionId: string; status: string } }[]>`
    select data from events.events where user_id = ${userId} and type = 'bounties.completion_reviewed' order by id`;

/** A $20 bounty claimed by a fresh user who submitted a completion. */
const submittedBounty = async () => {
  const creator = await proCreator(ctx, 5_000);
  const bounty = await postBounty(ctx, creator, { reward: '20.00' });
  const claimer = await signIn(ctx);
  await claim(ctx, claimer, bounty.id);
  const completionId = await submit(ctx, claimer, bounty.id, 'Secret exploit details');
  return { creator, claimer, bountyId: bounty.id, completionId };
};

describe('GET /bounties/:id/review: the creator’s page', () => {
  it('shows the creator the bounty and its pending completion with the proof', async () => {
    const { creator, bountyId, completionId } = await submittedBounty();
    const page = completionAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/bounties/${bountyId}/review`)).body);
    expect([page.bounty.id, page.bounty.created_by_me, page.completion?.id, page.completion?.completion_proof]).toEqual([
      bountyId,
      true,
      completionId,
      'Secret exploit details',
    ]);
  });

  it('answers no completion when none is pending (not yet submitted, or decided)', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    expect(completionAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/bounties/${bounty.id}/review`)).body).completion).toBeNull();
    const decided = await submittedBounty();
    expect((await review(decided.creator, decided.bountyId, { completion_id: decided.completionId, decision: 'reject' })).status).toBe(200);
    expect(completionAnswerSchema.parse((await callAs(ctx, decided.creator, 'GET', `/bounties/${decided.bountyId}/review`)).body).completion).toBeNull();
  });

  it('lets nobody else read the proof, not even the claimer: 403 not_creator', async () => {
    const { claimer, bountyId } = await submittedBounty();
    for (const who of [claimer, await signIn(ctx), await proCreator(ctx)]) {
      const res = await callAs(ctx, who, 'GET', `/bounties/${bountyId}/review`);
      expect(errorOf(res)).toEqual({ status: 403, code: bountiesErrorCodes.notCreator, message: bountiesMessages.notCreator });
      expect(JSON.stringify(res.body)).not.toContain('Secret exploit');
    }
    expect(errorOf(await callAs(ctx, claimer, 'GET', `/bounties/${randomUUID()}/review`)).status).toBe(404);
  });
});

describe('POST /bounties/:id/review', () => {
  it('approves in one transaction: completion approved with reviewer and time, bounty closed, the held reward paid to the claimer once', async () => {
    const { creator, claimer, bountyId, completionId } = await submittedBounty();
    const res = await review(creator, bountyId, { completion_id: completionId, decision: 'approve', review_notes: 'Great find' });
    expect(res.status).toBe(200);
    const answer = reviewAnswerSchema.parse(res.body);
    expect(answer.completion).toMatchObject({ id: completionId, status: 'approved', review_notes: 'Great find' });
    expect(answer.completion.reviewed_at).not.toBeNull();
    expect(answer.bounty.status).toBe('closed');
    expect(answer.bounty.review_seconds).toBeGreaterThanOrEqual(0);
    const [row] = await ctx.sql<{ reviewedBy: string; closedAt: Date; reviewedAt: Date }[]>`
      select c.reviewed_by, b.closed_at, c.reviewed_at from bounties.bounty_completions c join bounties.bug_bounties b on b.id = c.bounty_id where c.id = ${completionId}`;
    expect(row?.reviewedBy).toBe(creator.id);
    expect(row?.closedAt.getTime()).toBe(row?.reviewedAt.getTime());

    expect(await cashOf(ctx.sql, claimer.id)).toBe(2_000);
    expect(await cashOf(ctx.sql, creator.id)).toBe(3_000);
    const ledger = await bountyLedger(ctx.sql, bountyId);
    const title = answer.bounty.title;
    expect(ledger.map((r) => [r.userId, Number(r.amountCents), r.transactionType, r.idempotencyKey, r.description])).toEqual([
      [creator.id, -2_000, 'bounty_reward', `bounty:${bountyId}:hold`, bountyLedgerDescriptions.hold(title)],
      [claimer.id, 2_000, 'bounty_reward', `bounty:${bountyId}:payout`, bountyLedgerDescriptions.payout(title)],
    ]);
    expect(transactionRuleText[ledger[1]?.rule ?? '']).toMatch(/paid to its claimer/);
    expect((await reviewedEvents(claimer.id)).map((e) => e.data)).toEqual([{ bountyId, completionId, status: 'approved' }]);
    const publicEvents = await ctx.sql<{ data: { status: string } }[]>`
      select data from events.events where user_id is null and data->>'bountyId' = ${bountyId} order by id`;
    expect(publicEvents.map((e) => e.data.status)).toEqual(['open', 'claimed', 'closed']);

    // Decided: a second approval finds nothing pending and pays nothing.
    expect(errorOf(await review(creator, bountyId, { completion_id: completionId, decision: 'approve' }))).toEqual({
      status: 409,
      code: bountiesErrorCodes.noPendingCompletion,
      message: bountiesMessages.noPending,
    });
    expect(await cashOf(ctx.sql, claimer.id)).toBe(2_000);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('rejects with notes the claimer reads; the bounty stays claimed and nothing moves; a resubmission can then be approved', async () => {
    const { creator, claimer, bountyId, completionId } = await submittedBounty();
    const res = await review(creator, bountyId, { completion_id: completionId, decision: 'reject', review_notes: 'Cannot reproduce' });
    const answer = reviewAnswerSchema.parse(res.body);
    expect([answer.completion.status, answer.completion.review_notes, answer.bounty.status]).toEqual(['rejected', 'Cannot reproduce', 'claimed']);
    expect(answer.bounty.review_seconds).toBeGreaterThanOrEqual(0);
    expect((await reviewedEvents(claimer.id)).map((e) => e.data.status)).toEqual(['rejected']);
    expect(await cashOf(ctx.sql, claimer.id)).toBe(0);
    // A rejected completion is not pending: nothing to decide until it is resubmitted.
    expect(errorOf(await review(creator, bountyId, { completion_id: completionId, decision: 'approve' })).code).toBe(bountiesErrorCodes.noPendingCompletion);
    await submit(ctx, claimer, bountyId, 'Now with a PoC');
    expect((await review(creator, bountyId, { completion_id: completionId, decision: 'approve' })).status).toBe(200);
    expect(await cashOf(ctx.sql, claimer.id)).toBe(2_000);
  });

  it('publishes the review time: the last submission to its review, in whole seconds', async () => {
    const { creator, claimer, bountyId, completionId } = await submittedBounty();
    // The claimer submitted 90 s ago (as if the creator took a minute and a half).
    await ctx.sql`update bounties.bounty_completions set completed_at = now() - interval '90 seconds' where id = ${completionId}`;
    expect((await review(creator, bountyId, { completion_id: completionId, decision: 'reject' })).status).toBe(200);
    const seen = async () => bountyAnswerSchema.parse((await callAs(ctx, claimer, 'GET', `/bounties/${bountyId}`)).body).bounty.review_seconds;
    expect(await seen()).toBeGreaterThanOrEqual(90);
    expect(await seen()).toBeLessThan(95);
    // Resubmitted: the last review's time stays published until the next review.
    await submit(ctx, claimer, bountyId);
    expect(await seen()).toBeGreaterThanOrEqual(90);
    expect((await review(creator, bountyId, { completion_id: completionId, decision: 'approve' })).status).toBe(200);
    expect(await seen()).toBeLessThan(5);
  });

  it('is the creator’s alone; the claimer cannot approve their own work', async () => {
    const { claimer, bountyId, completionId } = await submittedBounty();
    for (const who of [claimer, await signIn(ctx), await proCreator(ctx)]) {
      expect(errorOf(await review(who, bountyId, { completion_id: completionId, decision: 'approve' }))).toEqual({
        status: 403,
        code: bountiesErrorCodes.notCreator,
        message: bountiesMessages.notCreator,
      });
    }
    expect(await cashOf(ctx.sql, claimer.id)).toBe(0);
  });

  it('refuses a completion that is not this bounty’s pending one, and a malformed body', async () => {
    const { creator, bountyId } = await submittedBounty();
    const other = await submittedBounty();
    expect(errorOf(await review(creator, bountyId, { completion_id: other.completionId, decision: 'approve' })).code).toBe(
      bountiesErrorCodes.noPendingCompletion,
    );
    // A malformed body names the field and the rule (issue 26, item 11).
    expect(errorOf(await review(creator, bountyId, { completion_id: 'x', decision: 'approve' })).message).toBe('completion_id must be an id (a UUID)');
    expect(errorOf(await review(creator, bountyId, { completion_id: other.completionId, decision: 'maybe' })).message).toBe(
      'decision must be one of: approve, reject',
    );
    expect(errorOf(await review(creator, bountyId, { decision: 'approve' })).message).toBe('completion_id is required');
    expect(await cashOf(ctx.sql, other.claimer.id)).toBe(0);
    // A bounty never claimed has nothing pending.
    const open = await postBounty(ctx, creator);
    expect(errorOf(await review(creator, open.id, { completion_id: randomUUID(), decision: 'approve' })).code).toBe(bountiesErrorCodes.noPendingCompletion);
  });
});
