import type { CreateProjectRequest, Project } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';

/** POST /api/bounties/projects with an Idempotency-Key: a new active project of the caller's. */
const createProject = (body: CreateProjectRequest, idempotencyKey: string): Promise<{ project: Project }> =>
  authClient.authed<{ project: Project }>('/api/bounties/projects', { method: 'POST', json: body, idempotencyKey });

export const useCreateProject = () => useAction(({ idempotencyKey }, body: CreateProjectRequest) => createProject(body, idempotencyKey));
