import type { CompletionProof, ProofRun, ProofTest, ProofVerdict } from '@starforge/contracts/bounties';
import type { SuiteSource } from '@starforge/contracts/rewards';
import { type Db, type Sql, transaction, type Tx } from '@starforge/service-kit';
import { engineRuns } from '@starforge/rewards-published';
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

/** rewards' SQLSTATE for its cap on a user's runs waiting (CONTRACT_RUNS_WAITING_MAX), which a re-check is under too. */
const RUNS_WAITING = 'RW007';
const UNIQUE_VIOLATION = '23505';
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

interface Recheck {
  completionId: string;
  proof: ProofTest;
  version: { id: string; sources: SuiteSource[] };
  userId: string;
}

/**
 * Starts one re-check in a savepoint of `db` (or a transaction of its own on a pool): false when
 * rewards' cap on the user's runs waiting refuses it for now (a waiting one is started by the
 * judge's sweep once runs finish), or when another copy started it first (one re-check per proof
 * and version, `proof_runs_one_recheck`).
 */
const tryRecheck = async (db: Db, r: Recheck): Promise<boolean> => {
  try {
    await transaction(db, (tx) =>
      startProofRun(tx, {
        completionId: r.completionId,
        versionId: r.version.id,
        versionSources: r.version.sources,
        proof: r.proof,
        userId: r.userId,
        purpose: 'recheck',
      }),
    );
    return true;
  } catch (error) {
    if (codeOf(error) === RUNS_WAITING || codeOf(error) === UNIQUE_VIOLATION) return false;
    throw error;
  }
};

/**
 * After a save of the project's code: every approved proof on the project runs again against the
 * new version, under the saver (`recheck`: counted against nobody's daily limit, but under
 * rewards' cap on a user's runs waiting: past it the rest wait for the judge's sweep, and the save
 * goes through). A proof whose file name the new version now uses cannot run against it and is
 * left unchecked there.
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
    if (!(await tryRecheck(tx, { completionId: completion.id, proof, version, userId }))) break;
  }
};

/**
 * The judge's sweep: approved proofs not yet re-checked against their project's newest version
 * (left waiting by rewards' cap), each started in a transaction of its own under the version's
 * saver while the cap allows; how many started.
 */
export const startWaitingRechecks = async (sql: Sql): Promise<number> => {
  const waiting = await sql<{ completionId: string; proofTest: string; versionId: string; sources: string; createdBy: string }[]>`
    select c.id as completion_id, c.proof_test::text as proof_test, v.id as version_id, v.sources::text as sources, v.created_by
    from bounties.bounty_completions c
    join bounties.bug_bounties b on b.id = c.bounty_id
    join bounties.project_code_versions found on found.id = b.code_version_id
    join lateral (
      select n.id, n.version, n.sources, n.created_by from bounties.project_code_versions n
      where n.project_id = b.project_id order by n.version desc limit 1
    ) v on v.version > found.version
    where c.status = 'approved' and c.proof_test is not null
      and not exists (select 1 from bounties.proof_runs pr where pr.completion_id = c.id and pr.code_version_id = v.id)
      and not exists (select 1 from jsonb_array_elements(v.sources) s where s ->> 'name' = c.proof_test ->> 'name')
    order by c.reviewed_at, c.id`;
  let started = 0;
  for (const w of waiting) {
    const recheck = {
      completionId: w.completionId,
      proof: JSON.parse(w.proofTest) as ProofTest,
      version: { id: w.versionId, sources: JSON.parse(w.sources) as SuiteSource[] },
      userId: w.createdBy,
    };
    if (await tryRecheck(sql, recheck)) started++;
  }
  return started;
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
    left join ${engineRuns(db)} er on er.id = pr.run_id and pr.verdict <> 'running'
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
