import {
  startTestRunSchema,
  testRunDetailSchema,
  testRunIdParamSchema,
  testRunSchema,
  testRunsQuerySchema,
  testRunsSchema,
} from '@starforge/contracts/rewards';
import { createRouter, errorResponse, idempotentRoute, jsonResponse, idempotentTransaction, notFound, protectedRoute } from '@starforge/service-kit';
import { getTestRun, listTestRuns, startTestRun } from '../domain/test-runs';
import type { RewardsDeps } from '../deps';

/**
 * The Testing Engine: start a run (finished by a durable job: 3-5 s later, or once the engine has
 * compiled and run the user's contract), the run history, and one run with its result.
 */
export const testRunRoutes = (deps: RewardsDeps) => {
  const listRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/test-runs',
    tags: ['testing'],
    summary:
      'The latest 5 test runs (without page) or a page of 20 (with page), newest first, and how many there are; a completed contract run with its gas against the previous completed run of the same contract, network and type',
    request: { query: testRunsQuerySchema },
    responses: { 200: jsonResponse('The runs', testRunsSchema), 400: errorResponse('page must be a whole number from 1 to 100000') },
  });
  // Idempotent like the money routes: a start retried after a lost answer starts one run, not two.
  const startRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/test-runs',
    tags: ['testing'],
    summary: 'Start a test run; it finishes 3 to 5 s later (completed or failed), or once its contract was compiled and run, and is announced live',
    description:
      'Without `contract` the outcome is drawn (the spec’s run). With it, the engine compiles the Solidity source (`source`, one file) or the suite (`sources`, named files whose names are their import paths) and runs it on an EVM of the network’s profile: completed when it compiles and every test passes, failed otherwise; `gas_used` is the real total.',
    request: { body: { required: true, content: { 'application/json': { schema: startTestRunSchema } } } },
    responses: {
      201: jsonResponse('The run, running', testRunSchema),
      400: errorResponse(
        'Please select both network and test type; or the contract is empty, over 64 KiB, or a transaction test names no valid function; or a suite has more than 16 files, two files of one name, a bad name, a file over 64 KiB or 256 KiB in all',
      ),
      409: errorResponse(
        'contract_runs_waiting: the caller already has CONTRACT_RUNS_WAITING_MAX (5) contract runs waiting or running (a user’s runs execute one at a time); start another when one finishes',
      ),
      413: errorResponse('The contract must be at most 64 KiB, or the files of a suite 256 KiB together'),
      429: errorResponse(
        "daily_test_limit: the tier's tests for today are used up (Retry-After: until midnight UTC); or rate_limited: too many writes in a short time",
      ),
    },
  });

  const getRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/test-runs/{id}',
    tags: ['testing'],
    summary: 'One of the caller’s runs with its contract and, once finished, the engine’s result (per function: outcome, gas, gas change, revert reason)',
    request: { params: testRunIdParamSchema },
    responses: { 200: jsonResponse('The run', testRunDetailSchema), 404: errorResponse('No such run of the caller') },
  });

  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listTestRuns(deps.sql, c.var.user.id, c.req.valid('query').page), 200))
    .openapi(getRoute, async (c) => {
      const run = await getTestRun(deps.sql, c.var.user.id, c.req.valid('param').id);
      if (!run) throw notFound('No such test run');
      return c.json(run, 200);
    })
    .openapi(startRoute, (c) =>
      idempotentTransaction(c, (tx) => startTestRun(tx, deps.jobs, c.var.user.id, c.req.valid('json'), deps.config.testRunDelayMs), 201),
    );
};
