import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  bountiesErrorCodes,
  bountiesMessages,
  bountyAnswerSchema,
  completionAnswerSchema,
  reviewAnswerSchema,
  submitCompletionAnswerSchema,
  type Bounty,
} from '@starforge/contracts/bounties';
import { eventually } from '@starforge/test-db/eventually';
import { errorOf } from '@starforge/test-db/harness';
import { CLAIM_LAPSE_JOB } from '../domain/claim-lapse-job';
import { registerBountiesJobs } from '../domain/claim-life';
import { bountyLedger, cashOf, claim, postBounty, proCreator, submit } from '../testing/bounties-fixtures';
import { bountiesTestContext, callAs, ledgerBreaks, signIn, testJobs, type TestUser } from '../testing/harness';

// Races: one user sends many writes at once here, far beyond a person's write limit.
vi.stubEnv('WRITE_RATE_LIMIT_BURST', '100000');

const ctx = bountiesTestContext();
const DAY_MS = 86_400_000;

const bountyAs = async (who: TestUser, bountyId: string): Promise<Bounty> =>
  bountyAnswerSchema.parse((await callAs(ctx, who, 'GET', `/bounties/${bountyId}`)).body).bounty;
const claimAs = async (who: TestUser, bountyId: string): Promise<Bounty> => {
  const res = await callAs(ctx, who, 'POST', `/bounties/${bountyId}/claim`);
  expect(res.status).toBe(200);
  return bountyAnswerSchema.parse(res.body).bounty;
};
const release = (who: TestUser, bountyId: string) => callAs(ctx, who, 'POST', `/bounties/${bountyId}/release`);
const reject = (who: TestUser, bountyId: string, completionId: string) =>
  callAs(ctx, who, 'POST', `/bounties/${bountyId}/review`, { body: { completion_id: completionId, decision: 'reject', review_notes: 'Not reproducible' } });
const statusOf = async (bountyId: string) => {
  const [row] = await ctx.sql<{ status: string; claimedBy: string | null; claimLapsesAt: Date | null }[]>`
    select status, claimed_by, claim_lapses_at from bounties.bug_bounties where id = ${bountyId}`;
  return row;
};
const lapseJobs = (bountyId: string) =>
  ctx.sql<{ state: string; startAfter: Date }[]>`
    select state, start_after from ${ctx.sql(ctx.jobs.schema)}.job where name = ${CLAIM_LAPSE_JOB} and data->>'bountyId' = ${bountyId} order by start_after`;
const claimEndedEvents = (userId: string, bountyId: string) =>
  ctx.sql<{ data: { bountyId: string; reason: string } }[]>`
    select data from events.events where user_id = ${userId} and type = 'bounties.claim_ended' and data->>'bountyId' = ${bountyId} order by id`;

/**
 * Time passes: the claim's deadline moves to now, and so does its waiting lapse job's due time
 * (days away otherwise); the service's own worker then runs the job. `{ job: false }` moves only
 * the deadline, as if the job were about to run.
 */
const passTheDeadline = async (bountyId: string, { job = true } = {}) => {
  await ctx.sql`update bounties.bug_bounties set claim_lapses_at = date_trunc('milliseconds', clock_timestamp()) where id = ${bountyId} and claim_lapses_at is not null`;
  if (job) await dueNow(bountyId);
};
const dueNow = (bountyId: string) =>
  ctx.sql`update ${ctx.sql(ctx.jobs.schema)}.job set start_after = now() where name = ${CLAIM_LAPSE_JOB} and data->>'bountyId' = ${bountyId} and state = 'created'`;

describe('a claim with no completion lapses', () => {
  it('a stranger claims and walks away: after the period the bounty is open again, and its creator closes it and gets the reward back', async () => {
    const creator = await proCreator(ctx, 10_000);
    const bounty = await postBounty(ctx, creator, { reward: '10.00' });
    expect(bounty.claim_days).toBe(7);
    expect(await cashOf(ctx.sql, creator.id)).toBe(9_000);
    const stranger = await signIn(ctx);
    const claimed = await claimAs(stranger, bounty.id);
    // Both sides see when the claim lapses: a week after the claim.
    const lapsesAt = Date.parse(claimed.claim_lapses_at ?? '');
    expect(lapsesAt - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(lapsesAt - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    expect((await bountyAs(creator, bounty.id)).claim_lapses_at).toBe(claimed.claim_lapses_at);
    expect((await bountyAs(await signIn(ctx), bounty.id)).claim_lapses_at).toBeNull();
    // The close is refused while the claim runs (as before), and the lapse is a durable job due at the deadline.
    expect(errorOf(await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/close`)).code).toBe(bountiesErrorCodes.notClosable);
    expect((await lapseJobs(bounty.id)).map((j) => [j.state, j.startAfter.toISOString()])).toEqual([['created', claimed.claim_lapses_at]]);

    await passTheDeadline(bounty.id);
    await eventually(async () => expect((await bountyAs(creator, bounty.id)).status).toBe('open'));
    expect(await statusOf(bounty.id)).toEqual({ status: 'open', claimedBy: null, claimLapsesAt: null });
    for (const user of [creator, stranger]) expect((await claimEndedEvents(user.id, bounty.id)).map((e) => e.data.reason)).toEqual(['lapsed']);
    const [reopened] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from events.events where user_id is null and type = 'bounties.bounty_changed' and data->>'bountyId' = ${bounty.id} and data->>'status' = 'open'`;
    expect(reopened?.n).toBe(2);
    expect(errorOf(await callAs(ctx, stranger, 'GET', `/bounties/${bounty.id}/completion`)).code).toBe(bountiesErrorCodes.notClaimer);

    expect((await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/close`)).status).toBe(200);
    expect(await cashOf(ctx.sql, creator.id)).toBe(10_000);
    expect((await bountyLedger(ctx.sql, bounty.id)).map((r) => [r.userId, Number(r.amountCents)])).toEqual([
      [creator.id, -1_000],
      [creator.id, 1_000],
    ]);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('lasts the period the creator chose when posting (3, 7, 14 or 30 days); any other is refused', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator, { claim_days: 14 });
    expect(bounty.claim_days).toBe(14);
    const claimed = await claimAs(await signIn(ctx), bounty.id);
    expect(Date.parse(claimed.claim_lapses_at ?? '') - Date.now()).toBeGreaterThan(14 * DAY_MS - 60_000);
    for (const claim_days of [5, 0, '7', null]) {
      const res = await callAs(ctx, creator, 'POST', '/bounties', {
        body: { title: 'T', description: 'D', reward: '1', project_id: creator.projectId, claim_days },
      });
      expect(errorOf(res)).toMatchObject({ status: 400, message: bountiesMessages.chooseClaimPeriod });
    }
  });

  it('a completion submitted in time stops the clock: the lapse job then changes nothing', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    const claimer = await signIn(ctx);
    await claim(ctx, claimer, bounty.id);
    await submit(ctx, claimer, bounty.id);
    expect((await bountyAs(claimer, bounty.id)).claim_lapses_at).toBeNull();
    await dueNow(bounty.id);
    await eventually(async () => expect((await lapseJobs(bounty.id)).map((j) => j.state)).toEqual(['completed']));
    expect(await statusOf(bounty.id)).toMatchObject({ status: 'claimed', claimedBy: claimer.id });
    expect(completionAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/bounties/${bounty.id}/review`)).body).completion?.status).toBe('pending');
  });

  it('a submission after the deadline is refused (409 claim_lapsed), even before the job has run', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    const claimer = await signIn(ctx);
    await claim(ctx, claimer, bounty.id);
    await passTheDeadline(bounty.id, { job: false });
    const late = await callAs(ctx, claimer, 'PUT', `/bounties/${bounty.id}/completion`, { body: { completion_proof: 'Too late' } });
    expect(errorOf(late)).toEqual({ status: 409, code: bountiesErrorCodes.claimLapsed, message: bountiesMessages.claimLapsed });
    await dueNow(bounty.id);
    await eventually(async () => expect((await statusOf(bounty.id))?.status).toBe('open'));
  });
});

describe('a rejected claim', () => {
  const rejected = async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator, { claim_days: 3 });
    const claimer = await signIn(ctx);
    await claim(ctx, claimer, bounty.id);
    const completionId = await submit(ctx, claimer, bounty.id);
    const res = await reject(creator, bounty.id, completionId);
    expect(res.status).toBe(200);
    return { creator, claimer, bountyId: bounty.id, completionId, answer: reviewAnswerSchema.parse(res.body) };
  };

  it('returns the bounty to the open list after the same period unless resubmitted; the next claimer starts afresh', async () => {
    const { creator, claimer, bountyId, answer } = await rejected();
    // The period runs again from the rejection: the claimer has 3 days to resubmit.
    expect(Date.parse(answer.bounty.claim_lapses_at ?? '') - Date.parse(answer.completion.reviewed_at ?? '')).toBe(3 * DAY_MS);
    expect((await bountyAs(claimer, bountyId)).claim_lapses_at).toBe(answer.bounty.claim_lapses_at);

    await passTheDeadline(bountyId);
    await eventually(async () => expect((await statusOf(bountyId))?.status).toBe('open'));
    const open = await callAs(ctx, await signIn(ctx), 'GET', '/bounties/open');
    expect((open.body as { bounties: Bounty[] }).bounties.map((b) => b.id)).toContain(bountyId);
    expect((await claimEndedEvents(claimer.id, bountyId)).map((e) => e.data.reason)).toEqual(['lapsed']);
    // The old completion is withdrawn: not reviewable, and a new claimer's is their own.
    expect(completionAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/bounties/${bountyId}/review`)).body).completion).toBeNull();
    const next = await signIn(ctx);
    await claim(ctx, next, bountyId);
    expect(completionAnswerSchema.parse((await callAs(ctx, next, 'GET', `/bounties/${bountyId}/completion`)).body).completion).toBeNull();
    const fresh = await callAs(ctx, next, 'PUT', `/bounties/${bountyId}/completion`, { body: { completion_proof: 'My own proof' } });
    expect(submitCompletionAnswerSchema.parse(fresh.body).created).toBe(true);
  });

  it('a resubmission before it keeps the claim: pending again, no deadline, and the due job changes nothing', async () => {
    const { claimer, bountyId } = await rejected();
    const res = await callAs(ctx, claimer, 'PUT', `/bounties/${bountyId}/completion`, { body: { completion_proof: 'Now with a test' } });
    expect(submitCompletionAnswerSchema.parse(res.body)).toMatchObject({ created: false, completion: { status: 'pending' } });
    expect((await bountyAs(claimer, bountyId)).claim_lapses_at).toBeNull();
    await dueNow(bountyId);
    await eventually(async () => expect((await lapseJobs(bountyId)).every((j) => j.state === 'completed')).toBe(true));
    expect(await statusOf(bountyId)).toEqual({ status: 'claimed', claimedBy: claimer.id, claimLapsesAt: null });
  });
});

describe('POST /bounties/:id/release', () => {
  it('the claimer releases: the bounty is open again, both sides told; its creator can then close it and gets the reward back', async () => {
    const creator = await proCreator(ctx, 3_000);
    const bounty = await postBounty(ctx, creator, { reward: '30.00' });
    const claimer = await signIn(ctx);
    await claim(ctx, claimer, bounty.id);
    const res = await release(claimer, bounty.id);
    expect(res.status).toBe(200);
    expect(bountyAnswerSchema.parse(res.body).bounty).toMatchObject({ status: 'open', claimed_by_me: false, claim_lapses_at: null });
    expect(await statusOf(bounty.id)).toEqual({ status: 'open', claimedBy: null, claimLapsesAt: null });
    for (const user of [creator, claimer]) expect((await claimEndedEvents(user.id, bounty.id)).map((e) => e.data.reason)).toEqual(['released']);
    // Its lapse job, when due, finds nothing to lapse.
    await dueNow(bounty.id);
    await eventually(async () => expect((await lapseJobs(bounty.id)).map((j) => j.state)).toEqual(['completed']));
    expect((await statusOf(bounty.id))?.status).toBe('open');
    expect((await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/close`)).status).toBe(200);
    expect(await cashOf(ctx.sql, creator.id)).toBe(3_000);
  });

  it('withdraws a pending completion: the creator has nothing to review or approve', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    const claimer = await signIn(ctx);
    await claim(ctx, claimer, bounty.id);
    const completionId = await submit(ctx, claimer, bounty.id);
    expect((await release(claimer, bounty.id)).status).toBe(200);
    expect(completionAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/bounties/${bounty.id}/review`)).body).completion).toBeNull();
    const approve = await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/review`, { body: { completion_id: completionId, decision: 'approve' } });
    expect(errorOf(approve).code).toBe(bountiesErrorCodes.noPendingCompletion);
  });

  it('only the claimer, only while claimed: 403 not_claimer, 409 completion_approved, 404', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    const claimer = await signIn(ctx);
    expect(errorOf(await release(claimer, bounty.id))).toEqual({
      status: 403,
      code: bountiesErrorCodes.notClaimer,
      message: bountiesMessages.notClaimerRelease,
    });
    await claim(ctx, claimer, bounty.id);
    for (const who of [creator, await signIn(ctx)]) {
      expect(errorOf(await release(who, bounty.id))).toEqual({ status: 403, code: bountiesErrorCodes.notClaimer, message: bountiesMessages.notClaimerRelease });
    }
    const completionId = await submit(ctx, claimer, bounty.id);
    await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/review`, { body: { completion_id: completionId, decision: 'approve' } });
    expect(errorOf(await release(claimer, bounty.id))).toMatchObject({ status: 409, code: bountiesErrorCodes.alreadyApproved });
    expect(errorOf(await release(claimer, randomUUID())).status).toBe(404);
  });

  it('races an approval on 20 bounties: each is either released (no payout, closable) or approved (paid once), never both', async () => {
    const creator = await proCreator(ctx, 20_000);
    const claimer = await signIn(ctx);
    const bounties = await Promise.all(Array.from({ length: 20 }, (_, i) => postBounty(ctx, creator, { title: `Race ${i}`, reward: '5.00' })));
    const completions: string[] = [];
    for (const b of bounties) {
      await claim(ctx, claimer, b.id);
      completions.push(await submit(ctx, claimer, b.id));
    }
    const outcomes = await Promise.all(
      bounties.map(async (b, i) => {
        const [released, approved] = await Promise.all([
          release(claimer, b.id),
          callAs(ctx, creator, 'POST', `/bounties/${b.id}/review`, { body: { completion_id: completions[i], decision: 'approve' } }),
        ]);
        return { bountyId: b.id, released: released.status, approved: approved.status };
      }),
    );
    let paid = 0;
    for (const { bountyId, released, approved } of outcomes) {
      expect([released, approved].filter((s) => s === 200)).toHaveLength(1);
      const row = await statusOf(bountyId);
      const ledger = (await bountyLedger(ctx.sql, bountyId)).map((r) => [r.userId, Number(r.amountCents)]);
      if (approved === 200) {
        paid += 1;
        expect(row?.status).toBe('closed');
        expect(ledger).toEqual([
          [creator.id, -500],
          [claimer.id, 500],
        ]);
      } else {
        expect(row).toEqual({ status: 'open', claimedBy: null, claimLapsesAt: null });
        expect(ledger).toEqual([[creator.id, -500]]);
        expect((await callAs(ctx, creator, 'POST', `/bounties/${bountyId}/close`)).status).toBe(200);
      }
    }
    expect(await cashOf(ctx.sql, claimer.id)).toBe(paid * 500);
    expect(await cashOf(ctx.sql, creator.id)).toBe(20_000 - paid * 500);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });
});

describe('lapses decided by the database', () => {
  it('20 submissions racing their claims’ lapse jobs: each claim either lapsed (the submission refused) or kept (the job did nothing)', async () => {
    const creator = await proCreator(ctx);
    const claimer = await signIn(ctx);
    const bounties = await Promise.all(Array.from({ length: 20 }, (_, i) => postBounty(ctx, creator, { title: `Lapse race ${i}`, reward: '0' })));
    for (const b of bounties) await claim(ctx, claimer, b.id);
    // Deadlines spread over the next 200 ms, the jobs due at them, the submissions all at 100 ms.
    await ctx.sql`
      update bounties.bug_bounties b set claim_lapses_at = date_trunc('milliseconds', clock_timestamp()) + make_interval(secs => t.n * 0.01)
      from unnest(${bounties.map((b) => b.id)}::uuid[]) with ordinality as t(id, n)
      where b.id = t.id`;
    await ctx.sql`
      update ${ctx.sql(ctx.jobs.schema)}.job j set start_after = b.claim_lapses_at
      from bounties.bug_bounties b
      where j.name = ${CLAIM_LAPSE_JOB} and j.state = 'created' and j.data->>'bountyId' = b.id::text and b.id = any(${bounties.map((b) => b.id)}::uuid[])`;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answers = await Promise.all(
      bounties.map((b) => callAs(ctx, claimer, 'PUT', `/bounties/${b.id}/completion`, { body: { completion_proof: 'Just in time?' } })),
    );
    await eventually(async () => {
      for (const b of bounties) expect((await lapseJobs(b.id)).map((j) => j.state)).toEqual(['completed']);
    }, 10_000);
    for (const [i, b] of bounties.entries()) {
      const row = await statusOf(b.id);
      const [current] = await ctx.sql<{ status: string }[]>`
        select status from bounties.bounty_completions where bounty_id = ${b.id} and withdrawn_at is null`;
      if (answers[i]?.status === 200) {
        expect(row).toEqual({ status: 'claimed', claimedBy: claimer.id, claimLapsesAt: null });
        expect(current?.status).toBe('pending');
      } else {
        expect([bountiesErrorCodes.claimLapsed, bountiesErrorCodes.notClaimer]).toContain(errorOf(answers[i] ?? { status: 0, body: null }).code);
        expect(row).toEqual({ status: 'open', claimedBy: null, claimLapsesAt: null });
        expect(current).toBeUndefined();
      }
    }
  });

  it('a lapse due while the service was stopped happens when it starts again', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    await claim(ctx, await signIn(ctx), bounty.id);
    await ctx.jobs.stop({ timeoutMs: 2_000 });
    await passTheDeadline(bounty.id);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await statusOf(bounty.id))?.status).toBe('claimed');
    const restarted = testJobs(ctx.jobs.schema.replace(/_jobs$/, ''));
    registerBountiesJobs(restarted, ctx.sql);
    await restarted.start();
    try {
      await eventually(async () => expect((await statusOf(bounty.id))?.status).toBe('open'));
    } finally {
      await restarted.stop({ timeoutMs: 2_000 });
    }
  });
});
