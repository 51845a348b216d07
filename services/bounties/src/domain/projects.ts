import type { Db } from '@starforge/service-kit';

/** A project a bounty may be posted under: one of its creator's own active projects. */
export interface ActiveProject {
  id: string;
  name: string;
}

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
