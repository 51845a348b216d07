import {
  codeVersionAnswerSchema,
  codeVersionParamSchema,
  projectCodeAnswerSchema,
  projectFindingsAnswerSchema,
  projectIdParamSchema,
  saveProjectCodeSchema,
} from '@starforge/contracts/bounties';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse, protectedRoute } from '@starforge/service-kit';
import type { BountiesDeps } from '../deps';
import { readCodeVersion, readProjectCode, saveProjectCode } from '../domain/code-versions';
import { readFindings } from '../domain/findings';

const notFoundDoc = errorResponse('project_not_found: no project has this id');

/** A project's code under test (issue 28): its versions, saving the next one (the creator), and the findings re-checked against it. */
export const projectCodeRoutes = (deps: BountiesDeps) => {
  const readRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/projects/{id}/code',
    tags: ['code'],
    summary:
      'The project’s code versions, newest first, each with its check, and the newest with its files (any signed-in user: hunters read the code they test)',
    request: { params: projectIdParamSchema },
    responses: {
      200: jsonResponse('The versions and the newest', projectCodeAnswerSchema),
      400: errorResponse('The id is not a project id'),
      404: notFoundDoc,
    },
  });
  const versionRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/projects/{id}/code/{version}',
    tags: ['code'],
    summary: 'One version of the project’s code with its files and its check (any signed-in user)',
    request: { params: codeVersionParamSchema },
    responses: {
      200: jsonResponse('The version', codeVersionAnswerSchema),
      400: errorResponse('The id is not a project id, or the version not a whole number from 1'),
      404: errorResponse('project_not_found, or code_version_not_found: This project has no such code version'),
    },
  });
  const saveRoute = idempotentRoute(deps, {
    method: 'put',
    path: '/projects/{id}/code',
    tags: ['code'],
    summary:
      'Save the project’s sources as its next version (the creator; smart_contract, defi, nft and dapp projects): the engine checks it (a security_audit under the creator, counted against their daily test limit), then every approved proof on the project is run again against it',
    request: { params: projectIdParamSchema, body: { required: true, content: { 'application/json': { schema: saveProjectCodeSchema } } } },
    responses: {
      200: jsonResponse('Saved: the versions and the new newest', projectCodeAnswerSchema),
      400: errorResponse('The Testing Engine’s words for the files; project_type_without_code; or the id is not a project id'),
      403: errorResponse('not_project_creator: Only the creator of this project can save its code'),
      404: notFoundDoc,
      409: errorResponse('contract_runs_waiting: rewards’ cap on runs waiting; or idempotency_key_in_use'),
      429: errorResponse('daily_test_limit: the tier’s tests for today are used up (rewards’ sentence); or the write limit'),
    },
  });
  const findingsRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/projects/{id}/findings',
    tags: ['code'],
    summary:
      'The project’s approved proofs and where each stands against the code saved since: fixed in version N, still reproduces, or checking (the creator only)',
    request: { params: projectIdParamSchema },
    responses: {
      200: jsonResponse('The findings', projectFindingsAnswerSchema),
      400: errorResponse('The id is not a project id'),
      403: errorResponse('not_project_creator: Only the creator of this project can read its findings'),
      404: notFoundDoc,
    },
  });

  return createRouter()
    .openapi(readRoute, async (c) => c.json(await readProjectCode(deps.sql, c.req.valid('param').id), 200))
    .openapi(versionRoute, async (c) => {
      const { id, version } = c.req.valid('param');
      return c.json({ version: await readCodeVersion(deps.sql, id, version) }, 200);
    })
    .openapi(saveRoute, (c) => {
      const { id } = c.req.valid('param');
      const { sources } = c.req.valid('json');
      return idempotentTransaction(c, (tx) => saveProjectCode(tx, c.var.user.id, id, sources), 200);
    })
    .openapi(findingsRoute, async (c) => c.json(await readFindings(deps.sql, c.var.user.id, c.req.valid('param').id), 200));
};
