import type { ProjectCodeAnswer } from '@starforge/contracts/bounties';
import { authedRequest, useLiveResource } from '@starforge/host';

export const projectCodePath = (projectId: string): string => `/api/bounties/projects/${encodeURIComponent(projectId)}/code`;

/** GET /api/bounties/projects/:id/code: the project's code versions, newest first, and the newest with its sources (null before the first save). */
const getProjectCode = (projectId: string): Promise<ProjectCodeAnswer> => authedRequest<ProjectCodeAnswer>(projectCodePath(projectId), { method: 'GET' });

/** A project's code under test, read again when the engine has checked a saved version (`bounties.project_code_checked`). */
export const useProjectCode = (projectId: string) => {
  const { status, data, refetch } = useLiveResource({
    key: projectCodePath(projectId),
    load: () => getProjectCode(projectId),
    events: ['bounties.project_code_checked'],
    failure: { what: 'the project’s code' },
  });
  return { answer: data, loading: status === 'loading' && !data, failed: status === 'error' && !data, refetch };
};
