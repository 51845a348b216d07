import { publishEvents, transaction, type Db, type Sql } from '@starforge/service-kit';
import { engineRuns } from '@starforge/rewards-published';
import { ChannelListener } from '@starforge/service-kit/notified-cache/channel-listener';
import { codeCheckOf } from './code-check';
import { targetContracts } from './code-sources';
import { versionFiles } from './code-versions';
import { finishedEngineRun } from './engine-runs';
import { proofFingerprint } from './proof-fingerprint';
import { startWaitingRechecks } from './proof-runs';
import { proofVerdict } from './proof-verdict';

/**
 * The judge (issue 28): when rewards says an engine run of bounties' finished, its verdict (a
 * proof or a re-check) or its check (a saved version) is written once, by a conditional update
 * from `running` that the database decides, however many copies of the service hear it; the
 * live events go out in the same transaction. NOTIFY is not durable, so every copy also sweeps
 * for finished runs not judged yet when it starts, when its LISTEN is back after a lost
 * connection, and every 30 s; the sweep also starts the re-checks rewards' cap on runs waiting
 * left waiting after a save.
 */

/** rewards' channel: `{ "id": "<engine run id>", "purpose": "proof" | "code_check" | "recheck" }` when a run finishes. */
const ENGINE_RUN_FINISHED_CHANNEL = 'rewards_engine_run_finished';
const JUDGE_SWEEP_MS = 30_000;

interface ProofRunContext {
  completionId: string;
  bountyId: string;
  projectId: string;
  claimerId: string;
  creatorId: string;
  purpose: 'proof' | 'recheck';
  codeVersionId: string;
  proofFile: string;
}

const judgeProofRun = async (db: Db, runId: string): Promise<boolean> => {
  const [run] = await db<ProofRunContext[]>`
    select pr.completion_id, c.bounty_id, b.project_id, c.completed_by as claimer_id, b.submitted_by as creator_id, pr.purpose,
           pr.code_version_id, pr.proof_file
    from bounties.proof_runs pr
    join bounties.bounty_completions c on c.id = pr.completion_id
    join bounties.bug_bounties b on b.id = c.bounty_id
    where pr.run_id = ${runId} and pr.verdict = 'running'`;
  if (!run) return false;
  const finished = await finishedEngineRun(db, runId);
  if (!finished) return false;
  const version = await versionFiles(db, run.codeVersionId);
  const { proofFile } = run;
  const judged = proofVerdict(finished.result, proofFile, version.version);
  const fingerprint =
    judged.verdict === 'reproduces' && finished.result && run.purpose === 'proof'
      ? proofFingerprint({ versionId: run.codeVersionId, targets: targetContracts(version.sources), proofFile, result: finished.result })
      : null;
  return transaction(db, async (tx) => {
    const [updated] = await tx<{ runId: string }[]>`
      update bounties.proof_runs
      set verdict = ${judged.verdict}, why = ${judged.why}, fingerprint = ${fingerprint}, finished_at = clock_timestamp()
      where run_id = ${runId} and verdict = 'running'
      returning run_id`;
    if (!updated) return false;
    if (run.purpose === 'recheck') {
      await publishEvents(tx, [{ userId: run.creatorId, type: 'bounties.findings_changed', data: { projectId: run.projectId } }]);
      return true;
    }
    await tx`update bounties.bounty_completions set proof_fingerprint = ${fingerprint} where id = ${run.completionId} and proof_run_id = ${runId}`;
    const data = { bountyId: run.bountyId, completionId: run.completionId, verdict: judged.verdict };
    await publishEvents(tx, [
      { userId: run.claimerId, type: 'bounties.proof_run_finished', data },
      { userId: run.creatorId, type: 'bounties.proof_run_finished', data },
    ]);
    return true;
  });
};

const judgeCodeCheck = async (db: Db, runId: string): Promise<boolean> => {
  const [check] = await db<{ id: string }[]>`
    select id from bounties.project_code_versions where check_run_id = ${runId} and check_status = 'running'`;
  if (!check) return false;
  const finished = await finishedEngineRun(db, runId);
  if (!finished) return false;
  const version = await versionFiles(db, check.id);
  const checked = codeCheckOf(finished.result, version.sources);
  return transaction(db, async (tx) => {
    const [updated] = await tx<{ projectId: string; version: number; ownerId: string }[]>`
      update bounties.project_code_versions v
      set check_status = ${checked.status}, check_summary = ${checked.summary}, checked_at = clock_timestamp()
      from bounties.projects p
      where v.check_run_id = ${runId} and v.check_status = 'running' and p.id = v.project_id
      returning v.project_id, v.version, p.client_user_id as owner_id`;
    if (!updated) return false;
    await publishEvents(tx, [
      { userId: updated.ownerId, type: 'bounties.project_code_checked', data: { projectId: updated.projectId, version: updated.version } },
    ]);
    return true;
  });
};

/** Judges one finished engine run of bounties' (a proof, a re-check or a version's check); false when it is not ours, not finished, or judged already. */
export const judgeEngineRun = async (db: Db, runId: string): Promise<boolean> => (await judgeProofRun(db, runId)) || (await judgeCodeCheck(db, runId));

/** Every run of bounties' that finished and is not judged yet, judged; how many this call judged. */
export const judgeFinishedRuns = async (db: Db): Promise<number> => {
  const finished = await db<{ id: string }[]>`
    select pr.run_id as id from bounties.proof_runs pr join ${engineRuns(db)} er on er.id = pr.run_id
    where pr.verdict = 'running' and er.status <> 'running'
    union all
    select v.check_run_id from bounties.project_code_versions v join ${engineRuns(db)} er on er.id = v.check_run_id
    where v.check_status = 'running' and er.status <> 'running'`;
  let judged = 0;
  for (const { id } of finished) if (await judgeEngineRun(db, id)) judged++;
  return judged;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Starts judging in this copy: LISTEN on rewards' channel (each notification judged as it comes),
 * a sweep when LISTEN is in place (at start and after every lost connection) and every
 * `sweepMs`. Returns its stop.
 */
export const startProofJudge = (
  sql: Sql,
  { sweepMs = JUDGE_SWEEP_MS, log = console.error }: { sweepMs?: number; log?: (line: string, error?: unknown) => void } = {},
) => {
  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    sweeping ??= judgeFinishedRuns(sql)
      .then(() => startWaitingRechecks(sql))
      .catch((error: unknown) => log('the proof judge’s sweep failed', error))
      .finally(() => {
        sweeping = null;
      });
  };
  const listener = new ChannelListener(sql, ENGINE_RUN_FINISHED_CHANNEL, {
    notify: (payload) => {
      let said: { id?: unknown; purpose?: unknown } = {};
      try {
        said = JSON.parse(payload) as typeof said;
      } catch {
        return;
      }
      const { id, purpose } = said;
      if (typeof id !== 'string' || !UUID.test(id)) return;
      judgeEngineRun(sql, id)
        // A finished re-check frees a place under rewards' cap for a waiting one.
        .then((judged) => (judged && purpose === 'recheck' ? startWaitingRechecks(sql) : 0))
        .catch((error: unknown) => log(`the proof judge failed on run ${id}; the next sweep tries again`, error));
    },
    listening: sweep,
    lost: () => {},
  });
  listener.start();
  const timer = setInterval(sweep, sweepMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await listener.stop();
    await sweeping;
  };
};
