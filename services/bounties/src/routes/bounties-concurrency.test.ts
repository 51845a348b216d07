import { describe, expect, it, vi } from 'vitest';
import { bountiesErrorCodes } from '@starforge/contracts/bounties';
import { errorOf } from '@starforge/test-db/harness';
import { bountyLedger, cashOf, claim, postBounty, proCreator, submit } from '../testing/bounties-fixtures';
import { bountiesTestContext, callAs, ledgerBreaks, signIn, type TestUser } from '../testing/harness';

// Races: one user sends many writes at once here, far beyond a person's write limit.
vi.stubEnv('WRITE_RATE_LIMIT_BURST', '100000');

const ctx = bountiesTestContext();

const outcome = (res: { status: number; body: unknown }) => (res.status < 300 ? String(res.status) : `${res.status} ${errorOf(res).code}`);
const tally = (outcomes: string[]) => {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
};

/** Every bounty's reward rows: at most one hold, and never both a payout and a return, nor either twice. */
const fundingBreaks = (bountyIds: string[]) => ctx.sql<{ bountyId: string; holds: number; payouts: number; returns: number }[]>`
  select b.id as bounty_id,
         count(*) filter (where t.idempotency_key like '%:hold')::int as holds,
         count(*) filter (where t.idempotency_key like '%:payout')::int as payouts,
         count(*) filter (where t.idempotency_key like '%:return')::int as returns
  from bounties.bug_bounties b
  left join rewards.transactions t on t.source_type = 'bounty' and t.source_id = b.id::text
  where b.id = any(${bountyIds}::uuid[])
  group by b.id, b.reward_cents, b.status
  having count(*) filter (where t.idempotency_key like '%:hold') > 1
      or count(*) filter (where t.idempotency_key like '%:payout') + count(*) filter (where t.idempotency_key like '%:return') > 1
      or (b.reward_cents > 0 and count(*) filter (where t.idempotency_key like '%:hold') <> 1)`;

describe('races on one bounty', () => {
  it('50 simultaneous claims: exactly one claimer, the others told it is no longer open', async () => {
    const creator = await proCreator(ctx);
    const bounty = await postBounty(ctx, creator);
    const claimers = await Promise.all(Array.from({ length: 50 }, () => signIn(ctx)));
    const answers = await Promise.all(claimers.map((c) => callAs(ctx, c, 'POST', `/bounties/${bounty.id}/claim`)));
    expect(tally(answers.map(outcome))).toEqual({ '200': 1, [`409 ${bountiesErrorCodes.notOpen}`]: 49 });
    const winner = claimers[answers.findIndex((a) => a.status === 200)] as TestUser;
    const [row] = await ctx.sql<{ claimedBy: string; status: string }[]>`select claimed_by, status from bounties.bug_bounties where id = ${bounty.id}`;
    expect(row).toEqual({ claimedBy: winner.id, status: 'claimed' });
    const [told] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from events.events where user_id = ${creator.id} and type = 'bounties.bounty_claimed' and data->>'bountyId' = ${bounty.id}`;
    expect(told?.n).toBe(1);
  });

  it('50 simultaneous approvals: one payout, the others find nothing pending', async () => {
    const creator = await proCreator(ctx, 1_000);
    const bounty = await postBounty(ctx, creator, { reward: '7.00' });
    const claimer = await signIn(ctx);
    await claim(ctx, claimer, bounty.id);
    const completionId = await submit(ctx, claimer, bounty.id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/review`, { body: { completion_id: completionId, decision: 'approve' } }),
      ),
    );
    expect(tally(answers.map(outcome))).toEqual({ '200': 1, [`409 ${bountiesErrorCodes.noPendingCompletion}`]: 49 });
    expect((await bountyLedger(ctx.sql, bounty.id)).map((r) => [r.userId, Number(r.amountCents)])).toEqual([
      [creator.id, -700],
      [claimer.id, 700],
    ]);
    expect([await cashOf(ctx.sql, creator.id), await cashOf(ctx.sql, claimer.id)]).toEqual([300, 700]);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('claims racing the creator’s close, on 20 bounties: each is either claimed (reward still held) or closed (returned), never both', async () => {
    const creator = await proCreator(ctx, 2_000);
    const bounties = [];
    for (let n = 0; n < 20; n++) bounties.push(await postBounty(ctx, creator, { reward: '1.00' }));
    const claimer = await signIn(ctx);
    const results = await Promise.all(
      bounties.map(async (b) => {
        const [claimed, closed] = await Promise.all([
          callAs(ctx, claimer, 'POST', `/bounties/${b.id}/claim`),
          callAs(ctx, creator, 'POST', `/bounties/${b.id}/close`),
        ]);
        return `${outcome(claimed)} / ${outcome(closed)}`;
      }),
    );
    for (const r of results) expect([`200 / 409 ${bountiesErrorCodes.notClosable}`, `409 ${bountiesErrorCodes.notOpen} / 200`]).toContain(r);
    const closes = results.filter((r) => r.endsWith('/ 200')).length;
    expect(await cashOf(ctx.sql, creator.id)).toBe(2_000 - 20 * 100 + closes * 100);
    expect(await fundingBreaks(bounties.map((b) => b.id))).toEqual([]);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });
});

describe('funding under concurrent load', () => {
  it('20 posts at once against $10 of cash: exactly 10 funded, the rest refused naming the balance left, nothing overdrawn', async () => {
    const creator = await proCreator(ctx, 1_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        callAs(ctx, creator, 'POST', '/bounties', {
          body: { title: `Parallel ${n}`, description: 'Posted at once.', reward: '1.00', project_id: creator.projectId },
        }),
      ),
    );
    expect(tally(answers.map(outcome))).toEqual({ '201': 10, [`400 ${bountiesErrorCodes.insufficientFunds}`]: 10 });
    for (const refused of answers.filter((a) => a.status === 400))
      expect(errorOf(refused).message).toBe('Insufficient balance to fund this bounty ($0.00 available)');
    const [posted] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from bounties.bug_bounties where project_id = ${creator.projectId}`;
    expect([posted?.n, await cashOf(ctx.sql, creator.id)]).toEqual([10, 0]);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('two users posting, claiming, closing and approving each other’s bounties at once: every balance equals its ledger, no hold released twice', async () => {
    const [a, b] = [await proCreator(ctx, 10_000), await proCreator(ctx, 10_000)];
    const other = (who: typeof a) => (who === a ? b : a);
    // Each has 10 bounties claimed by the other with a completion pending, and 10 open.
    const pending: { creator: typeof a; bountyId: string; completionId: string; reward: number }[] = [];
    const open: { creator: typeof a; bountyId: string; reward: number }[] = [];
    for (const creator of [a, b]) {
      for (let n = 0; n < 10; n++) {
        const reward = 100 + n;
        const claimed = await postBounty(ctx, creator, { reward: (reward / 100).toFixed(2) });
        await claim(ctx, other(creator), claimed.id);
        pending.push({ creator, bountyId: claimed.id, completionId: await submit(ctx, other(creator), claimed.id), reward });
        const unclaimed = await postBounty(ctx, creator, { reward: ((reward + 50) / 100).toFixed(2) });
        open.push({ creator, bountyId: unclaimed.id, reward: reward + 50 });
      }
    }
    const before = { a: await cashOf(ctx.sql, a.id), b: await cashOf(ctx.sql, b.id) };
    // At once: every pending completion approved twice, every open bounty closed twice, and 10
    // new $2 bounties posted by each.
    const approvals = pending.flatMap((p) =>
      [0, 1].map(() => callAs(ctx, p.creator, 'POST', `/bounties/${p.bountyId}/review`, { body: { completion_id: p.completionId, decision: 'approve' } })),
    );
    const closes = open.flatMap((o) => [0, 1].map(() => callAs(ctx, o.creator, 'POST', `/bounties/${o.bountyId}/close`)));
    const posts = [a, b].flatMap((creator) =>
      Array.from({ length: 10 }, (_, n) =>
        callAs(ctx, creator, 'POST', '/bounties', {
          body: { title: `Crossed ${n}`, description: 'Posted during the storm.', reward: '2.00', project_id: creator.projectId },
        }),
      ),
    );
    const [approved, closed, posted] = await Promise.all([Promise.all(approvals), Promise.all(closes), Promise.all(posts)]);
    expect(tally(approved.map(outcome))).toEqual({ '200': 20, [`409 ${bountiesErrorCodes.noPendingCompletion}`]: 20 });
    expect(tally(closed.map(outcome))).toEqual({ '200': 20, [`409 ${bountiesErrorCodes.notClosable}`]: 20 });
    expect(tally(posted.map(outcome))).toEqual({ '201': 20 });

    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    const paidTo = (who: typeof a) => sum(pending.filter((p) => p.creator !== who).map((p) => p.reward));
    const returnedTo = (who: typeof a) => sum(open.filter((o) => o.creator === who).map((o) => o.reward));
    for (const [who, start] of [
      [a, before.a],
      [b, before.b],
    ] as const) {
      expect(await cashOf(ctx.sql, who.id)).toBe(start + paidTo(who) + returnedTo(who) - 10 * 200);
    }
    const all = await ctx.sql<{ id: string }[]>`select id from bounties.bug_bounties where submitted_by in (${a.id}, ${b.id})`;
    expect(all).toHaveLength(60);
    expect(await fundingBreaks(all.map((r) => r.id))).toEqual([]);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });
});
