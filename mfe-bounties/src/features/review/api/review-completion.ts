import type { Bounty, Completion, ReviewCompletionRequest } from '@starforge/contracts/bounties';
import { authClient, useAction } from '@starforge/host';
import { reviewPath } from './review';

/**
 * POST /api/bounties/bounties/:id/review with an Idempotency-Key: the creator approves the pending
 * completion (the held reward paid to the claimer, once) or rejects it with notes.
 */
const reviewCompletion = (bountyId: string, body: ReviewCompletionRequest, idempotencyKey: string) =>
  authClient.authed<{ bounty: Bounty; completion: Completion }>(reviewPath(bountyId), { method: 'POST', json: body, idempotencyKey });

export const useReviewCompletion = () =>
  useAction(({ idempotencyKey }, bountyId: string, body: ReviewCompletionRequest) => reviewCompletion(bountyId, body, idempotencyKey));
