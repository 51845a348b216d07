import type { z } from 'zod';
import { BOUNTIES_PAGE_SIZE, type createProjectSchema, type Project, type ProjectsAnswer, type ProjectType } from '@starforge/contracts/bounties';
import type { Db, Tx } from '@starforge/service-kit';
import { publicProfiles } from '@starforge/auth-published';

/** A project a bounty may be posted under: one of its creator's own active projects. */
export interface ActiveProject {
  id: string;
  name: string;
}

interface ProjectRow {
  id: string;
  name: string;
  description: string;
  projectType: ProjectType;
  budgetCents: string;
  status: string;
  createdAt: Date;
  ownerName: string;
  isMine: boolean;
}

const projectOf = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  project_type: row.projectType,
  budget_cents: Number(row.budgetCents),
  status: row.status,
  created_at: row.createdAt.toISOString(),
  owner_name: row.ownerName,
  is_mine: row.isMine,
});

/**
 * The project when it is an active project of the user's, else null (another user's, not
 * active, or no such id). Inside a transaction the row is taken `for share`: it stays the user's
 * active project until the caller's bounty row commits.
 */
export const activeProjectOf = async (db: Db, projectId: string, userId: string): Promise<ActiveProject | null> => {
  const [project] = await db<ActiveProject[]>`
    select id, name from bounties.projects
    where id = ${projectId} and client_user_id = ${userId} and status = 'active'
    for share`;
  return project ?? null;
};

/**
 * GET /projects: every project, newest first, 24 a page with the total; each with its owner's
 * display name (auth's `public_profiles`) and whether it is the viewer's. The page is found on
 * projects alone (the newest-first index), and only its rows are joined to names.
 */
export const listProjects = async (db: Db, viewerId: string, page: number): Promise<ProjectsAnswer> => {
  const [rows, [count]] = await Promise.all([
    db<ProjectRow[]>`
      with page as (
        select * from bounties.projects
        order by created_at desc, id desc
        limit ${BOUNTIES_PAGE_SIZE} offset ${(page - 1) * BOUNTIES_PAGE_SIZE}
      )
      select page.id, page.name, page.description, page.project_type, page.budget_cents, page.status, page.created_at,
             coalesce(p.display_name, 'Starforge user') as owner_name, page.client_user_id = ${viewerId} as is_mine
      from page
      left join ${publicProfiles(db)} p on p.id = page.client_user_id
      order by page.created_at desc, page.id desc`,
    db<{ total: string }[]>`select count(*) as total from bounties.projects`,
  ]);
  return { projects: rows.map(projectOf), total: Number(count?.total ?? 0), page, page_size: BOUNTIES_PAGE_SIZE };
};

/** POST /projects: any signed-in user's new project, active, owned by them. */
export const createProject = async (tx: Tx, ownerId: string, project: z.output<typeof createProjectSchema>): Promise<Project> => {
  const [row] = await tx<ProjectRow[]>`
    with created as (
      insert into bounties.projects (name, description, project_type, budget_cents, client_user_id)
      values (${project.name}, ${project.description}, ${project.project_type}, ${project.budget}, ${ownerId})
      returning *
    )
    select created.id, created.name, created.description, created.project_type, created.budget_cents, created.status, created.created_at,
           coalesce(p.display_name, 'Starforge user') as owner_name, true as is_mine
    from created
    left join ${publicProfiles(tx)} p on p.id = created.client_user_id`;
  if (!row) throw new Error('no project inserted');
  return projectOf(row);
};

/** GET /projects/mine/active: the caller's active projects, newest first (what the bounty form offers). */
export const myActiveProjects = (db: Db, userId: string) =>
  db<ActiveProject[]>`
    select id, name from bounties.projects
    where client_user_id = ${userId} and status = 'active'
    order by created_at desc, id desc`;
