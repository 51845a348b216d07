import { bountyIdParamSchema, completionAnswerSchema, reviewAnswerSchema, reviewCompletionSchema } from '@starforge/contracts/bounties';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse, protectedRoute } from '@starforge/service-kit';
import { readReview, reviewCompletion } from '../domain/reviews';
import type { BountiesDeps } from '../deps';

const notFoundDoc = errorResponse('bounty_not_found: no bounty has this id');
const notCreatorDoc = errorResponse('not_creator: Only the creator of this bounty can review its completion');

/** The creator's review of a bounty's completion: read the pending one (nobody else can), approve or reject it. */
export const reviewRoutes = (deps: BountiesDeps) => {
  const readRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/bounties/{id}/review',
    tags: ['reviews'],
    summary: 'The review page (the creator only): the bounty and its pending completion with the proof, or null when none is pending',
    request: { params: bountyIdParamSchema },
    responses: {
      200: jsonResponse('The bounty and the pending completion', completionAnswerSchema),
      400: errorResponse('The id is not a bounty id (a UUID)'),
      403: notCreatorDoc,
      404: notFoundDoc,
    },
  });
  const reviewRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/bounties/{id}/review',
    tags: ['reviews'],
    summary:
      'Approve (one transaction: the completion approved with reviewer and time, the bounty closed, the held reward credited to the claimer once, ledger key bounty:<id>:payout) or reject (with notes) the pending completion: the claim then lapses after the bounty’s claim_days unless resubmitted',
    request: { params: bountyIdParamSchema, body: { required: true, content: { 'application/json': { schema: reviewCompletionSchema } } } },
    responses: {
      200: jsonResponse('Decided', reviewAnswerSchema),
      400: errorResponse('A completion id, a decision (approve or reject) and notes of at most 2000 characters; or the id is not a bounty id'),
      403: notCreatorDoc,
      404: notFoundDoc,
      409: errorResponse('no_pending_completion: nothing pending to review (decided already, or by a concurrent review); or idempotency_key_in_use'),
    },
  });

  return createRouter()
    .openapi(readRoute, async (c) => c.json(await readReview(deps.sql, c.var.user.id, c.req.valid('param').id), 200))
    .openapi(reviewRoute, (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return idempotentTransaction(c, (tx) => reviewCompletion(tx, deps.jobs, c.var.user.id, id, input), 200);
    });
};
