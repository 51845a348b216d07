import { startTestRunSchema, testRunSchema, testRunsSchema } from '@starforge/contracts';
import { createRouter, errorResponse, idempotentRoute, jsonResponse, idempotentTransaction, protectedRoute } from '@starforge/service-kit';
import { listTestRuns, startTestRun } from '../domain/test-runs';
import type { RewardsDeps } from '../deps';

/** The Testing Engine: start a run (finished by a durable job 3-5 s later) and the run history. */
export const testRunRoutes = (deps: RewardsDeps) => {
  const listRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/test-runs',
    tags: ['testing'],
    summary: 'The last 10 test runs, newest first, with the gas difference against the previous completed run of the same network and type',
    responses: { 200: jsonResponse('The runs', testRunsSchema) },
  });
  // Idempotent like the money routes: a start retried after a lost answer starts one run, not two.
  const startRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/test-runs',
    tags: ['testing'],
    summary: 'Start a test run; it finishes 3 to 5 s later (completed or failed) and is announced live',
    request: { body: { required: true, content: { 'application/json': { schema: startTestRunSchema } } } },
    responses: {
      201: jsonResponse('The run, running', testRunSchema),
      400: errorResponse('Please select both network and test type'),
      429: errorResponse(
        "daily_test_limit: the tier's tests for today are used up (Retry-After: until midnight UTC); or rate_limited: too many writes in a short time",
      ),
    },
  });

  return createRouter()
    .openapi(listRoute, async (c) => c.json({ test_runs: await listTestRuns(deps.sql, c.var.user.id) }, 200))
    .openapi(startRoute, (c) =>
      idempotentTransaction(c, (tx) => startTestRun(tx, deps.jobs, c.var.user.id, c.req.valid('json'), deps.config.testRunDelayMs), 201),
    );
};
