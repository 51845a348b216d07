import { gasHistoryQuerySchema, gasHistorySchema, testRunIdParamSchema } from '@starforge/contracts/rewards';
import { createRouter, errorResponse, jsonResponse, notFound, protectedRoute } from '@starforge/service-kit';
import { getGasHistory } from '../domain/gas-history';
import type { RewardsDeps } from '../deps';

/** "Did my change cost gas?": a run's gas per test, function and deployment against an earlier run of its suite. */
export const gasHistoryRoutes = (deps: RewardsDeps) => {
  const gasRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/test-runs/{id}/gas',
    tags: ['testing'],
    summary:
      'One of the caller’s runs: each test’s, contract function’s and deployment’s gas against an earlier finished run of the same suite (by default the one before it, or the run its gas check compared with), with the verdict against a threshold (default ±1 % or ±500 gas, whichever is larger) and the series over the suite’s last 20 runs',
    request: { params: testRunIdParamSchema, query: gasHistoryQuerySchema },
    responses: {
      200: jsonResponse('The comparison and the series (empty for a run that measured no gas or is still running)', gasHistorySchema),
      400: errorResponse('against is not a run id, or a threshold is out of range'),
      404: errorResponse('No such run of the caller, or `against` is not an earlier finished run of its suite'),
    },
  });
  return createRouter().openapi(gasRoute, async (c) => {
    const history = await getGasHistory(deps.sql, c.var.user.id, c.req.valid('param').id, c.req.valid('query'));
    if (!history) throw notFound('No such test run');
    return c.json(history, 200);
  });
};
