import type { ProofRun, ProofTest } from '@starforge/contracts/bounties';
import type { Tx } from '@starforge/service-kit';
import { versionFiles } from './code-versions';
import { bountyParties } from './completions';
import { noProofTest, notClaimerOrCreator } from './proof-errors';
import { readProofRun, startProofRun } from './proof-runs';

/**
 * POST /bounties/:id/completion/proof-runs, "Run proof again", in the route's transaction: the
 * bounty's claimer or creator (403 not_claimer_or_creator) runs the current completion's proof
 * (409 no_proof_test without one) again against the bounty's version, under their own name: it
 * counts against the daily test limit of whoever asks. The run becomes the completion's newest;
 * the completion keeps its fingerprint until this run's verdict replaces it.
 */
export const rerunProof = async (tx: Tx, userId: string, bountyId: string): Promise<{ run: ProofRun }> => {
  const bounty = await bountyParties(tx, bountyId, { lock: true });
  if (bounty.submittedBy !== userId && bounty.claimedBy !== userId) throw notClaimerOrCreator();
  const [completion] = await tx<{ id: string; proofTest: string | null; codeVersionId: string | null }[]>`
    select c.id, c.proof_test::text as proof_test, b.code_version_id
    from bounties.bounty_completions c join bounties.bug_bounties b on b.id = c.bounty_id
    where c.bounty_id = ${bountyId} and c.withdrawn_at is null`;
  if (!completion?.proofTest || !completion.codeVersionId) throw noProofTest();
  const version = await versionFiles(tx, completion.codeVersionId);
  const runId = await startProofRun(tx, {
    completionId: completion.id,
    versionId: completion.codeVersionId,
    versionSources: version.sources,
    proof: JSON.parse(completion.proofTest) as ProofTest,
    userId,
    purpose: 'proof',
  });
  await tx`update bounties.bounty_completions set proof_run_id = ${runId} where id = ${completion.id}`;
  return { run: await readProofRun(tx, runId) };
};
