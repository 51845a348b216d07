import { createRouter, errorResponse, notFound, protectedRoute } from '@starforge/service-kit';
import { loadUser } from '../domain/users';
import type { AuthDeps } from '../deps';
import { userResponseSchema } from './wire-schemas';

export const userRoutes = (deps: AuthDeps) => {
  const userRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/user',
    tags: ['auth'],
    summary: 'The signed-in user',
    responses: {
      200: { description: 'The user with identities', content: { 'application/json': { schema: userResponseSchema } } },
      404: errorResponse('The account no longer exists'),
    },
  });

  return createRouter().openapi(userRoute, async (c) => {
    const user = await loadUser(deps.sql, c.var.user.id);
    if (!user) throw notFound('User not found', 'user_not_found');
    return c.json(user, 200);
  });
};
