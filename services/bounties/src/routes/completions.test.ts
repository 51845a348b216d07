import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bountiesErrorCodes, bountiesMessages, completionAnswerSchema, submitCompletionAnswerSchema } from '@starforge/contracts/bounties';
import { errorOf } from '@starforge/test-db/harness';
import { claim, postBounty, proCreator, submit } from '../testing/bounties-fixtures';
import { bountiesTestContext, callAs, signIn, type TestUser } from '../testing/harness';

const ctx = bountiesTestContext();

const put = (who: TestUser, bountyId: string, body: Record<string, unknown>) => callAs(ctx, who, 'PUT', `/bounties/${bountyId}/completion`, { body });
const submittedEvents = (userId: string) =>
  ctx.sql<{ data: { bountyId: string; completionId: string } }[]>`
    select data from events.events where user_id = ${userId} and type = 'bounties.completion_submitted' order by id`;

/** A bounty claimed by a fresh user: the creator, the claimer and the bounty's id. */
const claimedBounty = async () => {
  const creator = await proCreator(ctx);
  const bounty = await postBounty(ctx, creator);
  const claimer = await signIn(ctx);
  await claim(ctx, claimer, bounty.id);
  return { creator, claimer, bountyId: bounty.id };
};

describe('GET /bounties/:id/completion: the claimer’s page', () => {
  it('answers the bounty and no completion before the first submission, then the claimer’s own', async () => {
    const { claimer, bountyId } = await claimedBounty();
    const before = completionAnswerSchema.parse((await callAs(ctx, claimer, 'GET', `/bounties/${bountyId}/completion`)).body);
    expect([before.bounty.id, before.bounty.claimed_by_me, before.completion]).toEqual([bountyId, true, null]);
    const completionId = await submit(ctx, claimer, bountyId, 'Steps to reproduce');
    const after = completionAnswerSchema.parse((await callAs(ctx, claimer, 'GET', `/bounties/${bountyId}/completion`)).body);
    expect(after.completion).toMatchObject({
      id: completionId,
      bounty_id: bountyId,
      completion_proof: 'Steps to reproduce',
      completion_url: 'https://example.com/poc',
      status: 'pending',
      review_notes: null,
      reviewed_at: null,
    });
  });

  it('is refused to everyone but the claimer (the creator included): 403 not_claimer; 404 for no bounty', async () => {
    const { creator, claimer, bountyId } = await claimedBounty();
    await submit(ctx, claimer, bountyId);
    for (const who of [creator, await signIn(ctx)]) {
      expect(errorOf(await callAs(ctx, who, 'GET', `/bounties/${bountyId}/completion`))).toEqual({
        status: 403,
        code: bountiesErrorCodes.notClaimer,
        message: bountiesMessages.notClaimer,
      });
    }
    expect(errorOf(await callAs(ctx, claimer, 'GET', `/bounties/${randomUUID()}/completion`)).status).toBe(404);
  });
});

describe('PUT /bounties/:id/completion', () => {
  it('creates a pending completion and tells the creator; a resubmission updates it in place, pending again from now', async () => {
    const { creator, claimer, bountyId } = await claimedBounty();
    const first = await put(claimer, bountyId, { completion_proof: '  First proof  ', completion_url: '' });
    expect(first.status).toBe(200);
    const created = submitCompletionAnswerSchema.parse(first.body);
    expect(created).toMatchObject({ created: true, completion: { completion_proof: 'First proof', completion_url: null, status: 'pending' } });
    // The creator rejects it with notes; the claimer reads them.
    const rejected = await callAs(ctx, creator, 'POST', `/bounties/${bountyId}/review`, {
      body: { completion_id: created.completion.id, decision: 'reject', review_notes: 'No PoC attached' },
    });
    expect(rejected.status).toBe(200);
    const read = completionAnswerSchema.parse((await callAs(ctx, claimer, 'GET', `/bounties/${bountyId}/completion`)).body);
    expect([read.completion?.status, read.completion?.review_notes]).toEqual(['rejected', 'No PoC attached']);

    const second = await put(claimer, bountyId, { completion_proof: 'Second proof', completion_url: 'http://example.com/poc2' });
    const updated = submitCompletionAnswerSchema.parse(second.body);
    expect(updated).toMatchObject({
      created: false,
      completion: {
        id: created.completion.id,
        completion_proof: 'Second proof',
        completion_url: 'http://example.com/poc2',
        status: 'pending',
        review_notes: null,
        reviewed_at: null,
      },
    });
    expect(Date.parse(updated.completion.completed_at)).toBeGreaterThan(Date.parse(created.completion.completed_at));
    expect((await submittedEvents(creator.id)).map((e) => e.data)).toEqual([
      { bountyId, completionId: created.completion.id },
      { bountyId, completionId: created.completion.id },
    ]);
  });

  it('refuses a blank proof and a URL that is not http or https, with the form’s words', async () => {
    const { claimer, bountyId } = await claimedBounty();
    const message = async (body: Record<string, unknown>) => errorOf(await put(claimer, bountyId, body)).message;
    expect(await message({ completion_proof: '   ' })).toBe(bountiesMessages.proofRequired);
    expect(await message({})).toBe(bountiesMessages.proofRequired);
    expect(await message({ completion_proof: 'ok', completion_url: 'javascript:alert(1)' })).toBe(bountiesMessages.invalidUrl);
    expect(await message({ completion_proof: 'ok', completion_url: 'ftp://example.com' })).toBe(bountiesMessages.invalidUrl);
    expect(await message({ completion_proof: 'ok', completion_url: 'not a url' })).toBe(bountiesMessages.invalidUrl);
    const [row] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from bounties.bounty_completions where bounty_id = ${bountyId}`;
    expect(row?.n).toBe(0);
  });

  it('takes 10,000 characters of proof in any script (the body limit is raised for it)', async () => {
    const { claimer, bountyId } = await claimedBounty();
    const res = await put(claimer, bountyId, { completion_proof: '証'.repeat(10_000) });
    expect(res.status).toBe(200);
  });

  it('is the claimer’s alone: the creator, a stranger and anyone on an unclaimed bounty are refused', async () => {
    const { creator, bountyId } = await claimedBounty();
    for (const who of [creator, await signIn(ctx)]) {
      expect(errorOf(await put(who, bountyId, { completion_proof: 'mine' }))).toEqual({
        status: 403,
        code: bountiesErrorCodes.notClaimer,
        message: bountiesMessages.notClaimer,
      });
    }
    const open = await postBounty(ctx, creator);
    expect(errorOf(await put(await signIn(ctx), open.id, { completion_proof: 'early' })).code).toBe(bountiesErrorCodes.notClaimer);
    expect(errorOf(await put(creator, randomUUID(), { completion_proof: 'x' })).status).toBe(404);
    expect(await submittedEvents(creator.id)).toEqual([]);
  });

  it('refuses a resubmission once approved: approval is final', async () => {
    const { creator, claimer, bountyId } = await claimedBounty();
    const completionId = await submit(ctx, claimer, bountyId, 'The proof');
    expect((await callAs(ctx, creator, 'POST', `/bounties/${bountyId}/review`, { body: { completion_id: completionId, decision: 'approve' } })).status).toBe(
      200,
    );
    expect(errorOf(await put(claimer, bountyId, { completion_proof: 'Changed after payment' }))).toEqual({
      status: 409,
      code: bountiesErrorCodes.alreadyApproved,
      message: bountiesMessages.alreadyApproved,
    });
    const read = completionAnswerSchema.parse((await callAs(ctx, claimer, 'GET', `/bounties/${bountyId}/completion`)).body);
    expect([read.bounty.status, read.completion?.status, read.completion?.completion_proof]).toEqual(['closed', 'approved', 'The proof']);
  });
});
