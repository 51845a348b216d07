import { bountyIdParamSchema, completionAnswerSchema, submitCompletionAnswerSchema, submitCompletionSchema } from '@starforge/contracts/bounties';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse, protectedRoute } from '@starforge/service-kit';
import { readOwnCompletion, submitCompletion } from '../domain/completions';
import type { BountiesDeps } from '../deps';

const notFoundDoc = errorResponse('bounty_not_found: no bounty has this id');
const notClaimerDoc = errorResponse('not_claimer: Only the claimer of this bounty can submit a completion');

/** The claimer's completion of a bounty: read it, submit it or resubmit it. Nobody else. */
export const completionRoutes = (deps: BountiesDeps) => {
  const readRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/bounties/{id}/completion',
    tags: ['completions'],
    summary: "The claimer's page: the bounty and the caller's own completion (status, review notes), or null before the first submission",
    request: { params: bountyIdParamSchema },
    responses: {
      200: jsonResponse('The bounty and the completion', completionAnswerSchema),
      400: errorResponse('The id is not a bounty id (a UUID)'),
      403: notClaimerDoc,
      404: notFoundDoc,
    },
  });
  const submitRoute = idempotentRoute(deps, {
    method: 'put',
    path: '/bounties/{id}/completion',
    tags: ['completions'],
    summary:
      'Submit the completion (pending; created: true), or resubmit it: the new proof and URL, pending again from now (created: false). The creator is told live. A proof_test (issue 28) is run by the engine against the bounty’s code version under the claimer, in the same transaction',
    request: { params: bountyIdParamSchema, body: { required: true, content: { 'application/json': { schema: submitCompletionSchema } } } },
    responses: {
      200: jsonResponse('Submitted', submitCompletionAnswerSchema),
      400: errorResponse(
        'Please provide completion proof; Please enter a valid http or https URL; bounty_without_code; proof_file_name_taken; the engine’s file rules; or the id is not a bounty id',
      ),
      403: notClaimerDoc,
      404: notFoundDoc,
      409: errorResponse(
        'completion_approved: This completion has already been approved; claim_lapsed: Your claim on this bounty has lapsed (its deadline passed); contract_runs_waiting (a proof test); or idempotency_key_in_use',
      ),
      429: errorResponse('daily_test_limit: a proof test’s run is refused by the claimer’s daily test limit (nothing is submitted); or the write limit'),
    },
  });

  return createRouter()
    .openapi(readRoute, async (c) => c.json(await readOwnCompletion(deps.sql, c.var.user.id, c.req.valid('param').id), 200))
    .openapi(submitRoute, (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return idempotentTransaction(c, (tx) => submitCompletion(tx, c.var.user.id, id, input), 200);
    });
};
