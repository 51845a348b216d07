import { authedRequest, useLiveResource } from '@starforge/host';

interface ActiveProject {
  id: string;
  name: string;
}

/** GET /api/bounties/projects/mine/active: the caller's active projects, the only ones a bounty may be posted to. A failure is logged. */
const getActiveProjects = async (): Promise<ActiveProject[]> => {
  try {
    return (await authedRequest<{ projects: ActiveProject[] }>('/api/bounties/projects/mine/active', { method: 'GET' })).projects;
  } catch (error) {
    console.error('your active projects could not be read', error);
    throw error;
  }
};

const spec = { key: '/api/bounties/projects/mine/active', load: getActiveProjects, events: [] } as const;

/** What the create form offers, read each time the form appears. */
export const useActiveProjects = () => {
  const { status, data, refetch } = useLiveResource(spec);
  return { projects: data ?? [], loading: status === 'loading' && !data, failed: status === 'error' && !data, refetch };
};
