import { bountyIdParamSchema, rerunProofAnswerSchema } from '@starforge/contracts/bounties';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse } from '@starforge/service-kit';
import type { BountiesDeps } from '../deps';
import { rerunProof } from '../domain/proof-rerun';

/** "Run proof again" (issue 28): the claimer or the creator runs the completion's proof against the bounty's version once more. */
export const proofRunRoutes = (deps: BountiesDeps) => {
  const rerunRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/bounties/{id}/completion/proof-runs',
    tags: ['completions'],
    summary:
      'Run the completion’s proof again against the bounty’s code version (the claimer or the creator; counted against the daily test limit of whoever asks): the run becomes the completion’s newest, its verdict told live',
    request: { params: bountyIdParamSchema },
    responses: {
      201: jsonResponse('The run, started', rerunProofAnswerSchema),
      400: errorResponse('The id is not a bounty id (a UUID)'),
      403: errorResponse('not_claimer_or_creator: Only the claimer or the creator of this bounty can run its proof'),
      404: errorResponse('bounty_not_found: no bounty has this id'),
      409: errorResponse(
        'no_proof_test: This completion has no proof test to run; contract_runs_waiting: rewards’ cap on runs waiting; or idempotency_key_in_use',
      ),
      429: errorResponse('daily_test_limit: the tier’s tests for today are used up (rewards’ sentence); or the write limit'),
    },
  });
  return createRouter().openapi(rerunRoute, (c) => idempotentTransaction(c, (tx) => rerunProof(tx, c.var.user.id, c.req.valid('param').id), 201));
};
