import type { ProjectFindingsAnswer } from '@starforge/contracts/bounty-proofs';
import { authedRequest, useLiveResource } from '@starforge/host';

const findingsPath = (projectId: string): string => `/api/bounties/projects/${encodeURIComponent(projectId)}/findings`;

/** GET /api/bounties/projects/:id/findings (the project's creator): each approved proof against the newest version. */
const getFindings = async (projectId: string): Promise<ProjectFindingsAnswer> => {
  try {
    return await authedRequest<ProjectFindingsAnswer>(findingsPath(projectId), { method: 'GET' });
  } catch (error) {
    console.error('the project’s findings could not be read', error);
    throw error;
  }
};

/** The project's findings, read again when a re-run after a fix changes one (`bounties.findings_changed`). */
export const useProjectFindings = (projectId: string) => {
  const { status, data, refetch } = useLiveResource({
    key: findingsPath(projectId),
    load: () => getFindings(projectId),
    events: ['bounties.findings_changed'],
  });
  return { answer: data, loading: status === 'loading' && !data, failed: status === 'error' && !data, refetch };
};
