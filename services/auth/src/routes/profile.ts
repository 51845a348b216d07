import { createRoute } from '@hono/zod-openapi';
import { authMessages, errorCodes, profileSchema, profileUpdateSchema } from '@starforge/contracts';
import { createRouter, errorBody } from '@starforge/service-kit';
import { readProfile, saveProfile } from '../domain/profiles';
import type { AuthDeps } from '../deps';
import { bearerSecurity, errorResponse } from './openapi-docs';

/**
 * The caller's own profile. There is no id in the path or body: the row is always the one
 * whose id is the token's subject, so nobody can read or write another user's.
 */
export const profileRoutes = (deps: AuthDeps) => {
  const getProfileRoute = createRoute({
    method: 'get',
    path: '/profile',
    tags: ['profile'],
    summary: 'The signed-in user’s profile',
    security: bearerSecurity,
    middleware: [deps.requireUser] as const,
    responses: {
      200: { description: 'The profile (empty fields are null)', content: { 'application/json': { schema: profileSchema } } },
      401: errorResponse('invalid_jwt or session_not_found'),
    },
  });

  const putProfileRoute = createRoute({
    method: 'put',
    path: '/profile',
    tags: ['profile'],
    summary: 'Save the signed-in user’s profile; empty fields are saved as null, the e-mail cannot be changed',
    security: bearerSecurity,
    middleware: [deps.requireUser] as const,
    request: { body: { required: true, content: { 'application/json': { schema: profileUpdateSchema } } } },
    responses: {
      200: { description: 'The saved profile', content: { 'application/json': { schema: profileSchema } } },
      400: errorResponse('Invalid input, or an e-mail field'),
      401: errorResponse('invalid_jwt or session_not_found'),
    },
  });

  return createRouter()
    .openapi(getProfileRoute, async (c) => c.json(await readProfile(deps.sql, c.var.user.id), 200))
    .openapi(
      putProfileRoute,
      async (c) => c.json(await saveProfile(deps.sql, c.var.user.id, c.req.valid('json')), 200),
      (result, c) => {
        if (result.success) return undefined;
        const issue = result.error.issues[0];
        const emailGiven = issue?.code === 'unrecognized_keys' && issue.keys.includes('email');
        return c.json(errorBody(errorCodes.validationFailed, emailGiven ? authMessages.emailReadOnly : (issue?.message ?? 'Invalid request')), 400);
      },
    );
};
