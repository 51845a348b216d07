import { profileSchema, profileUpdateSchema } from '@starforge/contracts/auth';
import { createRouter, errorResponse, protectedRoute } from '@starforge/service-kit';
import { readProfile, saveProfile } from '../domain/profiles';
import type { AuthDeps } from '../deps';

/**
 * The caller's own profile. There is no id in the path or body: the row is always the one
 * whose id is the token's subject, so nobody can read or write another user's.
 */
export const profileRoutes = (deps: AuthDeps) => {
  const getProfileRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/profile',
    tags: ['profile'],
    summary: 'The signed-in user’s profile',
    responses: {
      200: { description: 'The profile (empty fields are null)', content: { 'application/json': { schema: profileSchema } } },
    },
  });

  const putProfileRoute = protectedRoute(deps.requireUser, {
    method: 'put',
    path: '/profile',
    tags: ['profile'],
    summary: 'Save the signed-in user’s profile; empty fields are saved as null, the e-mail cannot be changed',
    request: { body: { required: true, content: { 'application/json': { schema: profileUpdateSchema } } } },
    responses: {
      200: { description: 'The saved profile', content: { 'application/json': { schema: profileSchema } } },
      400: errorResponse('Invalid input, or an e-mail field'),
    },
  });

  return createRouter()
    .openapi(getProfileRoute, async (c) => c.json(await readProfile(deps.sql, c.var.user.id), 200))
    .openapi(putProfileRoute, async (c) => c.json(await saveProfile(deps.sql, c.var.user.id, c.req.valid('json')), 200));
};
