import type { CodeVersion } from '@starforge/contracts/bounties';
import { authedRequest, useLiveResource } from '@starforge/host';

const versionPath = (projectId: string, version: number): string => `/api/bounties/projects/${encodeURIComponent(projectId)}/code/${version}`;

/** GET /api/bounties/projects/:id/code/:version: one saved version with its sources. */
const getCodeVersion = (projectId: string, version: number): Promise<{ version: CodeVersion }> =>
  authedRequest<{ version: CodeVersion }>(versionPath(projectId, version), { method: 'GET' });

/** A saved version never changes: no event reads it again, only `refetch` after a failure. */
export const useCodeVersion = (projectId: string, version: number) => {
  const { status, data, refetch } = useLiveResource({
    key: versionPath(projectId, version),
    load: () => getCodeVersion(projectId, version),
    events: [],
    failure: { what: 'the code version' },
  });
  return { version: data?.version, loading: status === 'loading' && !data, failed: status === 'error' && !data, refetch };
};
