import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bountiesErrorCodes,
  bountiesMessages,
  completionAnswerSchema,
  projectCodeAnswerSchema,
  projectFindingsAnswerSchema,
  proofErrorCodes,
  proofMessages,
  proofWords,
  rerunProofAnswerSchema,
} from '@starforge/contracts/bounties';
import { eventually } from '@starforge/test-db/eventually';
import { errorOf } from '@starforge/test-db/harness';
import { judgeEngineRun, judgeFinishedRuns, startProofJudge } from '../domain/proof-judge';
import { claim, postBounty, proCreator } from '../testing/bounties-fixtures';
import { bountiesTestContext, callAs, signIn, type TestUser } from '../testing/harness';
import { engineWorkers, judgedCompletion, saveCode, submitProof, VERDICT_WAIT_MS } from '../testing/proof-fixtures';
import { brokenProof, buggyVault, drainProof, fixedVault, sameBugOtherWords, sweepProof, vaultCode } from '@starforge/contract-engine/vault-proofs';

// The issue's scene end to end (issue 28): the routes, the real rewards engine runs (rewards'
// published start_engine_run and its engine worker, a process of its own), the judge on its LISTEN.
const ctx = bountiesTestContext();
const workers = engineWorkers();
const SLOW = { timeout: VERDICT_WAIT_MS * 3 };
let stopJudge: (() => Promise<void>) | null = null;

beforeAll(async () => {
  await workers.start();
}, 60_000);
afterAll(async () => {
  await stopJudge?.();
});

const eventsOf = (userId: string, type: string) =>
  ctx.sql<{ data: Record<string, unknown> }[]>`select data from events.events where user_id = ${userId} and type = ${type} order by id`;

/** A bounty of the creator's project, claimed by a new hunter. */
const claimedBy = async (creator: TestUser & { projectId: string }) => {
  const bounty = await postBounty(ctx, creator);
  const hunter = await signIn(ctx);
  await claim(ctx, hunter, bounty.id);
  return { bounty, hunter };
};

describe('bounties with executable proofs, on the real engine', () => {
  let creator: TestUser & { projectId: string };
  const first: { bountyId?: string; hunter?: TestUser; submittedAt?: string } = {};

  it('the creator saves the vault as version 1; the engine checks it and the creator is told', SLOW, async () => {
    stopJudge = startProofJudge(ctx.sql, { sweepMs: 1_000 });
    creator = await proCreator(ctx);
    const saved = await saveCode(ctx, creator, creator.projectId, vaultCode(buggyVault));
    expect(saved.latest).toMatchObject({ version: 1, check_status: 'running', sources: [{ name: 'Vault.sol', content: buggyVault }] });
    await eventually(
      async () => {
        const code = projectCodeAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/projects/${creator.projectId}/code`)).body);
        expect(code.latest?.check_status).toBe('compiled');
        expect(code.latest?.check_summary).toMatch(/^Compiled: 1 contract\./);
      },
      VERDICT_WAIT_MS,
      250,
    );
    expect((await eventsOf(creator.id, 'bounties.project_code_checked')).map((e) => e.data)).toEqual([{ projectId: creator.projectId, version: 1 }]);
    // Any signed-in user reads the code; one version by its number.
    const hunter = await signIn(ctx);
    const one = await callAs(ctx, hunter, 'GET', `/projects/${creator.projectId}/code/1`);
    expect(one.status).toBe(200);
    expect(errorOf(await callAs(ctx, hunter, 'GET', `/projects/${creator.projectId}/code/2`)).code).toBe(proofErrorCodes.codeVersionNotFound);
    // Saving is the creator's alone.
    expect(errorOf(await callAs(ctx, hunter, 'PUT', `/projects/${creator.projectId}/code`, { body: { sources: vaultCode(fixedVault) } }))).toEqual({
      status: 403,
      code: proofErrorCodes.notProjectCreator,
      message: proofMessages.notProjectCreator,
    });
  });

  it('a proof that drains the vault reproduces: the claimer and the creator see the verdict, the trace and the gas, and both are told', SLOW, async () => {
    const { bounty, hunter } = await claimedBy(creator);
    expect(bounty.code_version).toBe(1);
    const completionId = await submitProof(ctx, hunter, bounty.id, drainProof);
    const mine = completionAnswerSchema.parse(await judgedCompletion(ctx, hunter, `/bounties/${bounty.id}/completion`));
    const proof = mine.completion?.proof;
    expect(proof?.test).toEqual({ name: drainProof.name, content: drainProof.content });
    expect(proof?.run).toMatchObject({ version: 1, verdict: 'reproduces', why: 'testAttackerDrainsTheVault passed against version 1: the exploit held.' });
    expect(proof?.run.result?.functions[0]?.test?.trace?.some((f) => f.contract === 'Vault' && f.function === 'withdraw()')).toBe(true);
    expect(proof?.run.result?.total_gas).toBeGreaterThan(0);
    expect(proof?.same_finding_as_submitted_at).toBeNull();
    const review = completionAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/bounties/${bounty.id}/review`)).body);
    expect(review.completion?.proof?.run.verdict).toBe('reproduces');
    const told = { bountyId: bounty.id, completionId, verdict: 'reproduces' };
    await eventually(async () => {
      expect((await eventsOf(hunter.id, 'bounties.proof_run_finished')).map((e) => e.data)).toEqual([told]);
      expect((await eventsOf(creator.id, 'bounties.proof_run_finished')).map((e) => e.data)).toEqual([told]);
    });
    const [row] = await ctx.sql<{ at: Date }[]>`select proof_submitted_at as at from bounties.bounty_completions where id = ${completionId}`;
    Object.assign(first, { bountyId: bounty.id, hunter, submittedAt: row?.at.toISOString() });
  });

  it('a stranger cannot read a proof; only the claimer submits one', SLOW, async () => {
    const stranger = await signIn(ctx);
    const bountyId = first.bountyId ?? '';
    expect(errorOf(await callAs(ctx, stranger, 'GET', `/bounties/${bountyId}/completion`))).toMatchObject({ status: 403, code: bountiesErrorCodes.notClaimer });
    expect(errorOf(await callAs(ctx, stranger, 'GET', `/bounties/${bountyId}/review`))).toMatchObject({ status: 403, code: bountiesErrorCodes.notCreator });
    for (const who of [stranger, creator]) {
      expect(
        errorOf(await callAs(ctx, who, 'PUT', `/bounties/${bountyId}/completion`, { body: { completion_proof: 'mine', proof_test: sweepProof } })),
      ).toEqual({
        status: 403,
        code: bountiesErrorCodes.notClaimer,
        message: bountiesMessages.notClaimer,
      });
    }
    expect(errorOf(await callAs(ctx, stranger, 'POST', `/bounties/${bountyId}/completion/proof-runs`))).toEqual({
      status: 403,
      code: proofErrorCodes.notClaimerOrCreator,
      message: proofMessages.notClaimerOrCreator,
    });
    expect(errorOf(await callAs(ctx, stranger, 'GET', `/projects/${creator.projectId}/findings`)).code).toBe(proofErrorCodes.notProjectCreator);
  });

  it('a second hunter’s proof of the same bug, other names and words, is the same finding as the first, by the first’s date only', SLOW, async () => {
    const { bounty, hunter } = await claimedBy(creator);
    await submitProof(ctx, hunter, bounty.id, sameBugOtherWords, 'The payout can be re-entered until the vault is empty.');
    const mine = completionAnswerSchema.parse(await judgedCompletion(ctx, hunter, `/bounties/${bounty.id}/completion`));
    expect(mine.completion?.proof?.run.verdict).toBe('reproduces');
    expect(mine.completion?.proof?.same_finding_as_submitted_at).toBe(first.submittedAt);
    expect(JSON.stringify(mine)).not.toContain(drainProof.content.slice(200, 260));
    expect(proofWords.sameFindingAs(first.submittedAt ?? '')).toContain(first.submittedAt);
    const review = completionAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/bounties/${bounty.id}/review`)).body);
    expect(review.completion?.proof?.same_finding_as_submitted_at).toBe(first.submittedAt);
    // The original stays the original.
    const original = completionAnswerSchema.parse((await callAs(ctx, first.hunter as TestUser, 'GET', `/bounties/${first.bountyId}/completion`)).body);
    expect(original.completion?.proof?.same_finding_as_submitted_at).toBeNull();
  });

  it('a proof of a different bug on the same contract is not the same finding', SLOW, async () => {
    const { bounty, hunter } = await claimedBy(creator);
    await submitProof(ctx, hunter, bounty.id, sweepProof, 'Anyone can sweep the fees.');
    const mine = completionAnswerSchema.parse(await judgedCompletion(ctx, hunter, `/bounties/${bounty.id}/completion`));
    expect(mine.completion?.proof?.run.verdict).toBe('reproduces');
    expect(mine.completion?.proof?.same_finding_as_submitted_at).toBeNull();
  });

  it('a proof that does not compile can still be submitted, and says so', SLOW, async () => {
    const { bounty, hunter } = await claimedBy(creator);
    await submitProof(ctx, hunter, bounty.id, brokenProof);
    const mine = completionAnswerSchema.parse(await judgedCompletion(ctx, hunter, `/bounties/${bounty.id}/completion`));
    expect(mine.completion?.status).toBe('pending');
    expect(mine.completion?.proof?.run).toMatchObject({
      verdict: 'does_not_compile',
      why: expect.stringMatching(/^It does not compile: .*test\/Broken\.t\.sol, line 9/),
    });
  });

  it('the creator approves the drain, saves the fix as version 2: the proof is re-run, "fixed in version 2", and the creator is told', SLOW, async () => {
    const review = completionAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/bounties/${first.bountyId}/review`)).body);
    const approved = await callAs(ctx, creator, 'POST', `/bounties/${first.bountyId}/review`, {
      body: { completion_id: review.completion?.id, decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    const before = projectFindingsAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/projects/${creator.projectId}/findings`)).body);
    expect(before.findings).toMatchObject([{ bounty_id: first.bountyId, found_in_version: 1, state: 'still_reproduces', fixed_in_version: null }]);
    const saved = await saveCode(ctx, creator, creator.projectId, vaultCode(fixedVault));
    expect(saved.versions.map((v) => v.version)).toEqual([2, 1]);
    await eventually(
      async () => {
        const { findings } = projectFindingsAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/projects/${creator.projectId}/findings`)).body);
        expect(findings).toMatchObject([{ state: 'fixed', fixed_in_version: 2, checked_version: 2 }]);
        expect(proofWords.fixedIn(findings[0]?.fixed_in_version ?? 0)).toBe('fixed in version 2');
      },
      VERDICT_WAIT_MS,
      250,
    );
    expect((await eventsOf(creator.id, 'bounties.findings_changed')).map((e) => e.data)).toEqual([{ projectId: creator.projectId }]);
  });

  it('the same proof against the fixed version does not reproduce, and says why', SLOW, async () => {
    const { bounty, hunter } = await claimedBy(creator);
    expect(bounty.code_version).toBe(2);
    await submitProof(ctx, hunter, bounty.id, drainProof);
    const mine = completionAnswerSchema.parse(await judgedCompletion(ctx, hunter, `/bounties/${bounty.id}/completion`));
    expect(mine.completion?.proof?.run).toMatchObject({
      version: 2,
      verdict: 'does_not_reproduce',
      why: 'testAttackerDrainsTheVault failed against version 2: transfer failed.',
    });
    expect(mine.completion?.proof?.same_finding_as_submitted_at).toBeNull();
  });

  it('"Run proof again": the creator runs the claimer’s proof once more; the new run is the completion’s newest', SLOW, async () => {
    const { bounty, hunter } = await claimedBy(creator);
    await submitProof(ctx, hunter, bounty.id, sweepProof);
    await judgedCompletion(ctx, hunter, `/bounties/${bounty.id}/completion`);
    const again = await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/completion/proof-runs`);
    expect(again.status).toBe(201);
    const { run } = rerunProofAnswerSchema.parse(again.body);
    expect(run).toMatchObject({ version: 2, verdict: 'running', result: null, finished_at: null });
    const review = completionAnswerSchema.parse(await judgedCompletion(ctx, creator, `/bounties/${bounty.id}/review`));
    expect(review.completion?.proof?.run).toMatchObject({ run_id: run.run_id, verdict: 'reproduces' });
  });
});

describe('re-checks past rewards’ cap on runs waiting', () => {
  it('six approved findings: the save goes through, the re-checks the cap holds back start as runs finish, and all six are fixed', SLOW, async () => {
    const creator = await proCreator(ctx);
    await saveCode(ctx, creator, creator.projectId, vaultCode(buggyVault));
    for (let i = 0; i < 6; i++) {
      const { bounty, hunter } = await claimedBy(creator);
      const completionId = await submitProof(ctx, hunter, bounty.id, drainProof);
      const approved = await callAs(ctx, creator, 'POST', `/bounties/${bounty.id}/review`, { body: { completion_id: completionId, decision: 'approve' } });
      expect(approved.status).toBe(200);
    }
    const saved = await saveCode(ctx, creator, creator.projectId, vaultCode(fixedVault));
    const v2 = saved.latest?.id ?? '';
    const [started] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from bounties.proof_runs where code_version_id = ${v2} and purpose = 'recheck'`;
    // The version's check and at most four re-checks: rewards' cap is five runs waiting a user.
    expect(started?.n).toBeGreaterThan(0);
    expect(started?.n).toBeLessThan(6);
    await eventually(
      async () => {
        const { findings } = projectFindingsAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/projects/${creator.projectId}/findings`)).body);
        expect(findings.map((f) => [f.state, f.fixed_in_version])).toEqual(Array.from({ length: 6 }, () => ['fixed', 2]));
      },
      VERDICT_WAIT_MS,
      500,
    );
  });
});

describe('a proof’s rules at submission', () => {
  it('needs a bounty posted against code, and a file name the version does not use', async () => {
    const creator = await proCreator(ctx);
    const noCode = await postBounty(ctx, creator);
    expect(noCode.code_version).toBeNull();
    const hunter = await signIn(ctx);
    await claim(ctx, hunter, noCode.id);
    expect(errorOf(await callAs(ctx, hunter, 'PUT', `/bounties/${noCode.id}/completion`, { body: { completion_proof: 'x', proof_test: drainProof } }))).toEqual(
      {
        status: 400,
        code: proofErrorCodes.bountyWithoutCode,
        message: proofMessages.bountyWithoutCode,
      },
    );
    // Without a proof test it is submitted as before, with no proof.
    const plain = await callAs(ctx, hunter, 'PUT', `/bounties/${noCode.id}/completion`, { body: { completion_proof: 'words only' } });
    expect(completionAnswerSchema.shape.completion.parse((plain.body as { completion: unknown }).completion)?.proof).toBeNull();

    await saveCode(ctx, creator, creator.projectId, vaultCode(buggyVault));
    const withCode = await postBounty(ctx, creator);
    await claim(ctx, hunter, withCode.id);
    const clash = { name: 'Vault.sol', content: drainProof.content };
    expect(errorOf(await callAs(ctx, hunter, 'PUT', `/bounties/${withCode.id}/completion`, { body: { completion_proof: 'x', proof_test: clash } }))).toEqual({
      status: 400,
      code: proofErrorCodes.proofFileNameTaken,
      message: proofMessages.proofFileNameTaken('Vault.sol'),
    });
    const [row] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from bounties.bounty_completions where bounty_id = ${withCode.id}`;
    expect(row?.n).toBe(0);
    expect(errorOf(await callAs(ctx, hunter, 'POST', `/bounties/${noCode.id}/completion/proof-runs`)).code).toBe(proofErrorCodes.noProofTest);
  });

  it('holds code for code projects only, and 404 for no project', async () => {
    const creator = await proCreator(ctx);
    const [other] = await ctx.sql<{ id: string }[]>`
      insert into bounties.projects (name, project_type, client_user_id) values ('Docs', 'other', ${creator.id}) returning id`;
    expect(errorOf(await callAs(ctx, creator, 'PUT', `/projects/${other?.id}/code`, { body: { sources: vaultCode(buggyVault) } }))).toEqual({
      status: 400,
      code: proofErrorCodes.projectTypeWithoutCode,
      message: proofMessages.projectTypeWithoutCode,
    });
    expect(errorOf(await callAs(ctx, creator, 'GET', `/projects/${randomUUID()}/code`)).status).toBe(404);
    const empty = projectCodeAnswerSchema.parse((await callAs(ctx, creator, 'GET', `/projects/${creator.projectId}/code`)).body);
    expect(empty).toEqual({ versions: [], latest: null });
  });
});

describe('the judge', () => {
  it('judges a finished run once however many copies hear it', SLOW, async () => {
    await stopJudge?.();
    stopJudge = null;
    const creator = await proCreator(ctx);
    await saveCode(ctx, creator, creator.projectId, vaultCode(buggyVault));
    const { bounty, hunter } = await claimedBy(creator);
    const completionId = await submitProof(ctx, hunter, bounty.id, sweepProof);
    const [proofRun] = await ctx.sql<{ runId: string }[]>`select proof_run_id as run_id from bounties.bounty_completions where id = ${completionId}`;
    const runId = proofRun?.runId ?? '';
    await eventually(
      async () => (await ctx.sql`select 1 from rewards.engine_runs where id = ${runId} and status <> 'running'`).length === 1,
      VERDICT_WAIT_MS,
      250,
    );
    // Five copies hear the NOTIFY, five sweep: one verdict.
    const judged = await Promise.all([
      ...Array.from({ length: 5 }, () => judgeEngineRun(ctx.sql, runId).then(Number)),
      ...Array.from({ length: 5 }, () => judgeFinishedRuns(ctx.sql)),
    ]);
    expect(judged.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const [verdicts] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from bounties.proof_runs where run_id = ${runId} and verdict <> 'running'`;
    expect(verdicts?.n).toBe(1);
    expect(await eventsOf(hunter.id, 'bounties.proof_run_finished')).toHaveLength(1);
    expect(await judgeEngineRun(ctx.sql, runId)).toBe(false);
  });
});
