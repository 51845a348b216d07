import type { ProjectFindingsAnswer } from '@starforge/contracts/bounties';
import { authedRequest, useLiveResource } from '@starforge/host';

const findingsPath = (projectId: string): string => `/api/bounties/projects/${encodeURIComponent(projectId)}/findings`;

/** GET /api/bounties/projects/:id/findings (the project's creator): each approved proof against the newest version. */
const getFindings = (projectId: string): Promise<ProjectFindingsAnswer> => authedRequest<ProjectFindingsAnswer>(findingsPath(projectId), { method: 'GET' });

/** The project's findings, read again when a re-run after a fix changes one (`bounties.findings_changed`). */
export const useProjectFindings = (projectId: string) => {
  const { status, data, refetch } = useLiveResource({
    key: findingsPath(projectId),
    load: () => getFindings(projectId),
    events: ['bounties.findings_changed'],
    failure: { what: 'the project’s findings' },
  });
  return { answer: data, loading: status === 'loading' && !data, failed: status === 'error' && !data, refetch };
};
