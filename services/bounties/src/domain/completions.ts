import type { z } from 'zod';
import type { Completion, CompletionAnswer, CompletionProof, ProofTest, submitCompletionSchema } from '@starforge/contracts/bounties';
import { publishEvent, transaction, type Db, type Tx } from '@starforge/service-kit';
import { readBounty } from './bounty-read-model';
import { bountyNotFound, claimLapsed, completionApproved, notClaimer } from './bounties-errors';
import { versionFiles } from './code-versions';
import { bountyWithoutCode } from './proof-errors';
import { type CompletionProofColumns, readCompletionProof, startProofRun } from './proof-runs';

export type CompletionInput = z.output<typeof submitCompletionSchema>;

export interface CompletionRow extends CompletionProofColumns {
  id: string;
  bountyId: string;
  completionProof: string;
  completionUrl: string | null;
  status: Completion['status'];
  reviewNotes: string | null;
  reviewedAt: Date | null;
  completedAt: Date;
}

/** The wire's completion: its columns and its proof (`withProof` reads it). */
const completionOf = (r: CompletionRow, proof: CompletionProof | null): Completion => ({
  id: r.id,
  bounty_id: r.bountyId,
  completion_proof: r.completionProof,
  completion_url: r.completionUrl,
  status: r.status,
  review_notes: r.reviewNotes,
  reviewed_at: r.reviewedAt?.toISOString() ?? null,
  completed_at: r.completedAt.toISOString(),
  proof,
});

/** The completion columns `completionOf` reads, the proof's as text (the pool's transform would rename a JSON value's keys). */
export const completionColumns = (db: Db) => db`
  id, bounty_id, completion_proof, completion_url, status, review_notes, reviewed_at, completed_at,
  proof_test::text as proof_test, proof_run_id, proof_submitted_at, proof_fingerprint`;

/** The completion with its proof (the file, its newest run, the same-finding date): for its claimer and the bounty's creator only. */
export const withProof = async (db: Db, r: CompletionRow): Promise<Completion> => completionOf(r, await readCompletionProof(db, r));

/**
 * The bounty's claimer, creator and status, and whether its claim's time has run out (by the
 * database's clock), its row locked (`lock`) so submissions, reviews, releases and the lapse of
 * one bounty queue.
 */
export const bountyParties = async (tx: Db, bountyId: string, { lock }: { lock: boolean }) => {
  const [row] = await tx<{ submittedBy: string; claimedBy: string | null; status: string; lapsed: boolean }[]>`
    select submitted_by, claimed_by, status, coalesce(claim_lapses_at <= clock_timestamp(), false) as lapsed
    from bounties.bug_bounties where id = ${bountyId}
    ${lock ? tx`for update` : tx``}`;
  if (!row) throw bountyNotFound();
  return row;
};

/** The claimer's page: the bounty and their own completion (null before the first submission); 403 not_claimer for anyone else. */
export const readOwnCompletion = async (db: Db, claimerId: string, bountyId: string): Promise<CompletionAnswer> => {
  const bounty = await readBounty(db, claimerId, bountyId);
  if (!bounty.claimed_by_me) throw notClaimer();
  const [row] = await db<CompletionRow[]>`
    select ${completionColumns(db)} from bounties.bounty_completions
    where bounty_id = ${bountyId} and completed_by = ${claimerId} and withdrawn_at is null`;
  return { bounty, completion: row ? await withProof(db, row) : null };
};

const insertCompletion = async (tx: Tx, claimerId: string, bountyId: string, input: CompletionInput) => {
  const [row] = await tx<CompletionRow[]>`
    insert into bounties.bounty_completions (bounty_id, completed_by, completion_proof, completion_url, completed_at)
    values (${bountyId}, ${claimerId}, ${input.completion_proof}, ${input.completion_url}, clock_timestamp())
    returning ${completionColumns(tx)}`;
  return row;
};

/** A resubmission by its author: the new proof and URL, pending again from now; the previous review is cleared (its time stays on the bounty). */
const resubmitCompletion = async (tx: Tx, claimerId: string, bountyId: string, input: CompletionInput) => {
  const [row] = await tx<CompletionRow[]>`
    update bounties.bounty_completions
    set completion_proof = ${input.completion_proof}, completion_url = ${input.completion_url}, status = 'pending',
        review_notes = null, reviewed_by = null, reviewed_at = null, completed_at = clock_timestamp()
    where bounty_id = ${bountyId} and completed_by = ${claimerId} and withdrawn_at is null
    returning ${completionColumns(tx)}`;
  return row;
};

/**
 * The proof test as submitted: on a bounty posted against a code version only (400
 * bounty_without_code), its file not one of the version's (400 proof_file_name_taken); its run is
 * started under the claimer, in the submission's transaction (the daily test limit refuses the
 * whole submission: a completion never shows a proof that was not run). The proof keeps its
 * submission time while its file is unchanged; a new file is a new proof, submitted now.
 */
const attachProof = async (tx: Tx, claimerId: string, bountyId: string, completion: CompletionRow, proof: ProofTest | null) => {
  if (proof === null) {
    await tx`
      update bounties.bounty_completions
      set proof_test = null, proof_run_id = null, proof_submitted_at = null, proof_fingerprint = null
      where id = ${completion.id}`;
    return;
  }
  const [bounty] = await tx<{ codeVersionId: string | null }[]>`select code_version_id from bounties.bug_bounties where id = ${bountyId}`;
  if (!bounty?.codeVersionId) throw bountyWithoutCode();
  const version = await versionFiles(tx, bounty.codeVersionId);
  const runId = await startProofRun(tx, {
    completionId: completion.id,
    versionId: bounty.codeVersionId,
    versionSources: version.sources,
    proof,
    userId: claimerId,
    purpose: 'proof',
  });
  const test = { name: proof.name, content: proof.content };
  await tx`
    update bounties.bounty_completions
    set proof_run_id = ${runId},
        proof_submitted_at = case when proof_test = ${tx.json(test)}::jsonb then proof_submitted_at else clock_timestamp() end,
        proof_fingerprint = case when proof_test = ${tx.json(test)}::jsonb then proof_fingerprint end,
        proof_test = ${tx.json(test)}
    where id = ${completion.id}`;
};

/**
 * The claimer submits a completion (pending), or resubmits theirs (back to pending with the new
 * proof, `completed_at` now); an approved one is final (409 completion_approved). Anyone but the
 * claimer: 403 not_claimer. The bounty row is locked first, as a review and a lapse lock it, so
 * they queue: a submission after the claim's deadline is refused (409 claim_lapsed) even when its
 * lapse job has not run yet; one in time stops the clock (no deadline while it is pending). A
 * proof test starts its run here (`attachProof`): a refused run refuses the submission. Tells the
 * creator (`bounties.completion_submitted`).
 */
export const submitCompletion = (db: Db, claimerId: string, bountyId: string, input: CompletionInput): Promise<{ completion: Completion; created: boolean }> =>
  transaction(db, async (tx) => {
    const bounty = await bountyParties(tx, bountyId, { lock: true });
    if (bounty.claimedBy !== claimerId) throw notClaimer();
    // A claimed bounty closes only through its completion's approval.
    if (bounty.status !== 'claimed') throw completionApproved();
    if (bounty.lapsed) throw claimLapsed();
    const [existing] = await tx<{ status: Completion['status'] }[]>`
      select status from bounties.bounty_completions where bounty_id = ${bountyId} and withdrawn_at is null`;
    if (existing?.status === 'approved') throw completionApproved();
    const row = existing ? await resubmitCompletion(tx, claimerId, bountyId, input) : await insertCompletion(tx, claimerId, bountyId, input);
    if (!row) throw new Error('no completion written');
    await tx`update bounties.bug_bounties set claim_lapses_at = null where id = ${bountyId}`;
    // Users' event locks in ascending id (DESIGN.md "Value crosses users in one order"): a proof's
    // run takes the claimer's inside rewards.start_engine_run, so the creator's goes first when lower.
    const tellCreator = () => publishEvent(tx, { userId: bounty.submittedBy, type: 'bounties.completion_submitted', data: { bountyId, completionId: row.id } });
    const creatorFirst = bounty.submittedBy < claimerId;
    if (creatorFirst) await tellCreator();
    await attachProof(tx, claimerId, bountyId, row, input.proof_test);
    if (!creatorFirst) await tellCreator();
    const [written] = await tx<CompletionRow[]>`select ${completionColumns(tx)} from bounties.bounty_completions where id = ${row.id}`;
    if (!written) throw new Error('the completion is gone');
    return { completion: await withProof(tx, written), created: !existing };
  });
