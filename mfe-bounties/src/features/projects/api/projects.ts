import type { ProjectsAnswer } from '@starforge/contracts/bounties';
import { bountiesMessages } from '@starforge/contracts/bounties';
import { authedRequest, useLiveResource } from '@starforge/host';

/** GET /api/bounties/projects?page=: every project, newest first, 24 a page, with the total. */
const getProjects = (url: string): Promise<ProjectsAnswer> => authedRequest<ProjectsAnswer>(url, { method: 'GET' });

const failure = { what: 'the projects', announce: bountiesMessages.loadProjectsFailed };

/** A page of the projects grid (no live event changes a project: it is read again after a creation). */
export const useProjects = (page: number) => {
  const url = `/api/bounties/projects?page=${page}`;
  const { status, data, refetch } = useLiveResource({ key: url, load: () => getProjects(url), events: [], failure });
  return { answer: data, loading: status === 'loading' && !data, failed: status === 'error' && !data, refetch };
};
