import type { ProjectsAnswer } from '@starforge/contracts/bounties';
import { bountiesMessages } from '@starforge/contracts/bounties-constants';
import { authedRequest, toast, useLiveResource } from '@starforge/host';

/** GET /api/bounties/projects?page=: every project, newest first, 24 a page, with the total. A failure is logged and announced. */
const getProjects = async (url: string): Promise<ProjectsAnswer> => {
  try {
    return await authedRequest<ProjectsAnswer>(url, { method: 'GET' });
  } catch (error) {
    console.error('the projects could not be read', error);
    toast.error(bountiesMessages.loadProjectsFailed);
    throw error;
  }
};

/** A page of the projects grid (no live event changes a project: it is read again after a creation). */
export const useProjects = (page: number) => {
  const url = `/api/bounties/projects?page=${page}`;
  const { status, data, refetch } = useLiveResource({ key: url, load: () => getProjects(url), events: [] });
  return { answer: data, loading: status === 'loading' && !data, failed: status === 'error' && !data, refetch };
};
