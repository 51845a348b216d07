import type { ProjectCodeAnswer, SaveProjectCodeRequest } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';
import { projectCodePath } from './project-code';

/** PUT /api/bounties/projects/:id/code with an Idempotency-Key (the project's creator): the sources become its next version, checked by the engine. */
const saveProjectCode = (projectId: string, body: SaveProjectCodeRequest, idempotencyKey: string) =>
  authClient.authed<ProjectCodeAnswer>(projectCodePath(projectId), { method: 'PUT', json: body, idempotencyKey });

export const useSaveProjectCode = () =>
  useAction(({ idempotencyKey }, projectId: string, body: SaveProjectCodeRequest) => saveProjectCode(projectId, body, idempotencyKey));
