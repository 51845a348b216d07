import type { CompletionProof, ProofRun, ProofTest, ProofVerdict, SuiteSource } from '@starforge/contracts';
import type { Db, Tx } from '@starforge/service-kit';
import { engineResultOf, startEngineRun } from './engine-runs';
import { proofFileNameTaken } from './proof-errors';

/**
 * A proof's engine runs (issue 28): each starts in the caller's transaction under the user who
 * asks, and is recorded in `proof_runs` (the judge gives it its verdict when rewards says it
 * finished). A proof runs against its version's files plus its own file, which may not replace one.
 */

/** The run's files: the version's and the proof's; 400 proof_file_name_taken when the proof would replace one of them. */
const proofRunSources = (version: readonly SuiteSource[], proof: ProofTest): SuiteSource[] => {
  if (version.some((s) => s.name === proof.name)) throw proofFileNameTaken(proof.name);
  return [...version, { name: proof.name, content: proof.content }];
};

/** Starts a run of the completion's proof against a version and records it; its run id. */
export const startProofRun = async (
  tx: Db,
  run: { completionId: string; versionId: string; versionSources: readonly SuiteSource[]; proof: ProofTest; userId: string; purpose: 'proof' | 'recheck' },
): Promise<string> => {
  const sources = proofRunSources(run.versionSources, run.proof);
  const runId = await startEngineRun(tx, run.userId, run.purpose, 'smart_contract', sources);
  await tx`
    insert into bounties.proof_runs (run_id, completion_id, code_version_id, purpose, proof_file, requested_by)
    values (${runId}, ${run.completionId}, ${run.versionId}, ${run.purpose}, ${run.proof.name}, ${run.userId})`;
  return runId;
};

/**
 * After a save of the project's code: every approved proof on the project runs again against the
 * new version, under the saver (`recheck`: counted against nobody). A proof whose file name the
 * new version now uses cannot run against it and is left unchecked there.
 */
export const startRechecks = async (tx: Tx, userId: string, projectId: string, version: { id: string; sources: SuiteSource[] }) => {
  const approved = await tx<{ id: string; proofTest: string }[]>`
    select c.id, c.proof_test::text as proof_test
    from bounties.bounty_completions c join bounties.bug_bounties b on b.id = c.bounty_id
    where b.project_id = ${projectId} and c.status = 'approved' and c.proof_test is not null
    order by c.reviewed_at, c.id`;
  for (const completion of approved) {
    const proof = JSON.parse(completion.proofTest) as ProofTest;
    if (version.sources.some((s) => s.name === proof.name)) continue;
    await startProofRun(tx, { completionId: completion.id, versionId: version.id, versionSources: version.sources, proof, userId, purpose: 'recheck' });
  }
};

interface ProofRunRow {
  runId: string;
  version: number;
  verdict: ProofVerdict;
  why: string | null;
  result: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

/** A recorded run as the wire says it; the engine's result once it is judged (rewards.engine_runs, read as text: the pool's transform would rename its keys). */
const runOf = (r: ProofRunRow): ProofRun => ({
  run_id: r.runId,
  version: r.version,
  verdict: r.verdict,
  why: r.why,
  result: r.verdict === 'running' ? null : engineResultOf(r.result),
  started_at: r.startedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});

/** One recorded proof run with its version's number and, once judged, the engine's result. */
export const readProofRun = async (db: Db, runId: string): Promise<ProofRun> => {
  const [row] = await db<ProofRunRow[]>`
    select pr.run_id, v.version, pr.verdict, pr.why, er.result::text as result, pr.started_at, pr.finished_at
    from bounties.proof_runs pr
    join bounties.project_code_versions v on v.id = pr.code_version_id
    left join rewards.engine_runs er on er.id = pr.run_id and pr.verdict <> 'running'
    where pr.run_id = ${runId}`;
  if (!row) throw new Error(`no proof run ${runId}`);
  return runOf(row);
};

/** The proof columns of a completion row (`completionColumns`). */
export interface CompletionProofColumns {
  id: string;
  proofTest: string | null;
  proofRunId: string | null;
  proofSubmittedAt: Date | null;
  proofFingerprint: string | null;
}

/**
 * When the earliest other completion whose proof has the same fingerprint was submitted, if it
 * was submitted before this one (by the server's clock; the id breaks a tie): this one is then
 * the same finding. The fingerprint names its version and so its project; one probe of
 * `bounty_completions_fingerprint`. Only the date leaves: never the other hunter's proof.
 */
export const sameFindingAs = async (db: Db, c: CompletionProofColumns): Promise<string | null> => {
  if (c.proofFingerprint === null) return null;
  const [original] = await db<{ proofSubmittedAt: Date }[]>`
    select o.proof_submitted_at
    from bounties.bounty_completions me
    join bounties.bounty_completions o on o.proof_fingerprint = me.proof_fingerprint
      and (o.proof_submitted_at, o.id) < (me.proof_submitted_at, me.id)
    where me.id = ${c.id}
    order by o.proof_submitted_at, o.id limit 1`;
  return original?.proofSubmittedAt.toISOString() ?? null;
};

/** A completion's proof as its claimer and the bounty's creator read it: the file, its newest run, the same-finding date; null without one. */
export const readCompletionProof = async (db: Db, c: CompletionProofColumns): Promise<CompletionProof | null> => {
  if (c.proofTest === null || c.proofRunId === null) return null;
  const [run, same] = await Promise.all([readProofRun(db, c.proofRunId), sameFindingAs(db, c)]);
  return { test: JSON.parse(c.proofTest) as ProofTest, run, same_finding_as_submitted_at: same };
};
