import { CODE_PROJECT_TYPES, type CodeVersion, type CodeVersionSummary, type ProjectCodeAnswer } from '@starforge/contracts/bounties';
import type { SuiteSource } from '@starforge/contracts/rewards';
import type { Db, Tx } from '@starforge/service-kit';
import { versionSources } from './code-sources';
import { startEngineRun } from './engine-runs';
import { codeVersionNotFound, notProjectCreator, projectNotFound, projectTypeWithoutCode } from './proof-errors';
import { startRechecks } from './proof-runs';

interface VersionRow {
  id: string;
  projectId: string;
  version: number;
  createdAt: Date;
  checkStatus: CodeVersionSummary['check_status'];
  checkSummary: string | null;
  sources?: string;
}

const summaryOf = (r: VersionRow): CodeVersionSummary => ({
  id: r.id,
  version: r.version,
  created_at: r.createdAt.toISOString(),
  check_status: r.checkStatus,
  check_summary: r.checkSummary,
});

const versionOf = (r: VersionRow & { sources: string }): CodeVersion => ({
  ...summaryOf(r),
  project_id: r.projectId,
  sources: JSON.parse(r.sources) as SuiteSource[],
});

/** The project's owner and type; 404 project_not_found. `lock` takes the row `for update`: saves of one project queue, so versions number without gaps. */
export const projectOwner = async (db: Db, projectId: string, { lock = false } = {}) => {
  const [row] = await db<{ clientUserId: string; projectType: string }[]>`
    select client_user_id, project_type from bounties.projects where id = ${projectId} ${lock ? db`for update` : db``}`;
  if (!row) throw projectNotFound();
  return row;
};

/** A version's files (the sources as stored). */
export const versionFiles = async (db: Db, versionId: string): Promise<{ version: number; sources: SuiteSource[] }> => {
  const [row] = await db<{ version: number; sources: string }[]>`
    select version, sources::text as sources from bounties.project_code_versions where id = ${versionId}`;
  if (!row) throw new Error(`no code version ${versionId}`);
  return { version: row.version, sources: JSON.parse(row.sources) as SuiteSource[] };
};

/** The project's newest version's id, or null when it has none (what a bounty posted now is posted against). */
export const newestVersionId = async (db: Db, projectId: string): Promise<string | null> => {
  const [row] = await db<{ id: string }[]>`
    select id from bounties.project_code_versions where project_id = ${projectId} order by version desc limit 1`;
  return row?.id ?? null;
};

/**
 * GET /projects/:id/code (any signed-in user: hunters read the code they test): the versions
 * newest first and the newest with its files; 404 for no project.
 */
export const readProjectCode = async (db: Db, projectId: string): Promise<ProjectCodeAnswer> => {
  await projectOwner(db, projectId);
  const rows = await db<VersionRow[]>`
    select id, project_id, version, created_at, check_status, check_summary
    from bounties.project_code_versions where project_id = ${projectId} order by version desc`;
  const newest = rows[0];
  return { versions: rows.map(summaryOf), latest: newest ? await readCodeVersion(db, projectId, newest.version) : null };
};

/** GET /projects/:id/code/:version: one version with its files; 404 for no project or no such version. */
export const readCodeVersion = async (db: Db, projectId: string, version: number): Promise<CodeVersion> => {
  const [row] = await db<(VersionRow & { sources: string })[]>`
    select id, project_id, version, created_at, check_status, check_summary, sources::text as sources
    from bounties.project_code_versions where project_id = ${projectId} and version = ${version}`;
  if (!row) {
    await projectOwner(db, projectId);
    throw codeVersionNotFound();
  }
  return versionOf(row);
};

/**
 * PUT /projects/:id/code, in the route's transaction: the creator saves the project's sources as
 * its next version (the project row locked `for update`: saves queue and number 1, 2, 3…). Only
 * the creator (403), only a project type that holds code (`CODE_PROJECT_TYPES`, 400). The
 * engine's check starts under the creator (`code_check`, a security_audit: it counts against
 * their daily test limit, and a refusal rolls the save back); then every approved proof on the
 * project is run again against the new version (`recheck`, which counts against nobody).
 */
export const saveProjectCode = async (tx: Tx, userId: string, projectId: string, sources: SuiteSource[]): Promise<ProjectCodeAnswer> => {
  const project = await projectOwner(tx, projectId, { lock: true });
  if (project.clientUserId !== userId) throw notProjectCreator();
  if (!(CODE_PROJECT_TYPES as readonly string[]).includes(project.projectType)) throw projectTypeWithoutCode();
  const stored = versionSources(sources);
  const checkRunId = await startEngineRun(tx, userId, 'code_check', 'security_audit', stored);
  const [saved] = await tx<{ id: string }[]>`
    insert into bounties.project_code_versions (project_id, version, sources, created_by, check_run_id)
    select ${projectId}, coalesce(max(version), 0) + 1, ${tx.json(stored)}, ${userId}, ${checkRunId}
    from bounties.project_code_versions where project_id = ${projectId}
    returning id`;
  if (!saved) throw new Error('no version saved');
  await startRechecks(tx, userId, projectId, { id: saved.id, sources: stored });
  return readProjectCode(tx, projectId);
};
