import type { FindingState, ProjectFinding, ProjectFindingsAnswer, ProofVerdict } from '@starforge/contracts/bounties';
import type { Db } from '@starforge/service-kit';
import { projectOwner } from './code-versions';
import { notProjectCreatorFindings } from './proof-errors';

/** A proof's re-check against one version: the newest run's verdict there. */
interface Recheck {
  version: number;
  verdict: ProofVerdict;
}

/**
 * Where an approved finding stands (pure): against the newest version re-checked after the one it
 * was found in. No re-check yet: it still reproduces (the version it was approved on). The
 * newest re-check running: `checking`. Reproducing there: `still_reproduces`. Anything else (it
 * does not reproduce, or no longer compiles against the changed code): `fixed`, in the first
 * version of the unbroken run of versions where it has not reproduced since.
 */
export const findingState = (
  foundIn: number,
  rechecks: readonly Recheck[],
): { state: FindingState; fixed_in_version: number | null; checked_version: number | null } => {
  const later = [...rechecks].filter((r) => r.version > foundIn).sort((a, b) => a.version - b.version);
  const newest = later.at(-1);
  if (!newest) return { state: 'still_reproduces', fixed_in_version: null, checked_version: foundIn };
  if (newest.verdict === 'running') return { state: 'checking', fixed_in_version: null, checked_version: newest.version };
  if (newest.verdict === 'reproduces') return { state: 'still_reproduces', fixed_in_version: null, checked_version: newest.version };
  let fixedIn = newest.version;
  for (let i = later.length - 2; i >= 0; i--) {
    const r = later[i];
    if (!r || r.verdict === 'reproduces' || r.verdict === 'running') break;
    fixedIn = r.version;
  }
  return { state: 'fixed', fixed_in_version: fixedIn, checked_version: newest.version };
};

/**
 * GET /projects/:id/findings (the project's creator; 403 for anyone else, 404 for no project):
 * every approved completion with a proof on the project's bounties, oldest approval first, and
 * where it stands against the code saved since.
 */
export const readFindings = async (db: Db, userId: string, projectId: string): Promise<ProjectFindingsAnswer> => {
  const project = await projectOwner(db, projectId);
  if (project.clientUserId !== userId) throw notProjectCreatorFindings();
  const approved = await db<{ completionId: string; bountyId: string; bountyTitle: string; severity: string; approvedAt: Date; foundInVersion: number }[]>`
    select c.id as completion_id, b.id as bounty_id, b.title as bounty_title, b.severity, c.reviewed_at as approved_at, v.version as found_in_version
    from bounties.bug_bounties b
    join bounties.bounty_completions c on c.bounty_id = b.id
    join bounties.project_code_versions v on v.id = b.code_version_id
    where b.project_id = ${projectId} and c.status = 'approved' and c.proof_test is not null
    order by c.reviewed_at, c.id`;
  if (approved.length === 0) return { findings: [] };
  const rechecks = await db<{ completionId: string; version: number; verdict: ProofVerdict }[]>`
    select distinct on (pr.completion_id, v.version) pr.completion_id, v.version, pr.verdict
    from bounties.proof_runs pr join bounties.project_code_versions v on v.id = pr.code_version_id
    where pr.completion_id = any(${approved.map((a) => a.completionId)}::uuid[]) and pr.purpose = 'recheck'
    order by pr.completion_id, v.version, pr.started_at desc`;
  const findings = approved.map(
    (a): ProjectFinding => ({
      completion_id: a.completionId,
      bounty_id: a.bountyId,
      bounty_title: a.bountyTitle,
      severity: a.severity,
      approved_at: a.approvedAt.toISOString(),
      found_in_version: a.foundInVersion,
      ...findingState(
        a.foundInVersion,
        rechecks.filter((r) => r.completionId === a.completionId),
      ),
    }),
  );
  return { findings };
};
