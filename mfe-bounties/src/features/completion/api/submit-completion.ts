import type { Completion, SubmitCompletionRequest } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';
import { completionPath } from './completion';

/**
 * PUT /api/bounties/bounties/:id/completion with an Idempotency-Key: the claimer submits the proof, or
 * updates it (back to pending); `created` tells the first submission from an update.
 */
const submitCompletion = (bountyId: string, body: SubmitCompletionRequest, idempotencyKey: string) =>
  authClient.authed<{ completion: Completion; created: boolean }>(completionPath(bountyId), { method: 'PUT', json: body, idempotencyKey });

export const useSubmitCompletion = () =>
  useAction(({ idempotencyKey }, bountyId: string, body: SubmitCompletionRequest) => submitCompletion(bountyId, body, idempotencyKey));
