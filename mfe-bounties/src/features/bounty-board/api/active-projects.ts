import { authedRequest, useLiveResource } from '@starforge/host';

interface ActiveProject {
  id: string;
  name: string;
}

/** GET /api/bounties/projects/mine/active: the caller's active projects, the only ones a bounty may be posted to. */
const getActiveProjects = async (): Promise<ActiveProject[]> =>
  (await authedRequest<{ projects: ActiveProject[] }>('/api/bounties/projects/mine/active', { method: 'GET' })).projects;

const spec = { key: '/api/bounties/projects/mine/active', load: getActiveProjects, events: [], failure: { what: 'your active projects' } } as const;

/** What the create form offers, read each time the form appears. */
export const useActiveProjects = () => {
  const { status, data, refetch } = useLiveResource(spec);
  return { projects: data ?? [], loading: status === 'loading' && !data, failed: status === 'error' && !data, refetch };
};
