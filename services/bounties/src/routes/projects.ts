import { activeProjectsAnswerSchema, createProjectSchema, pageQuerySchema, projectAnswerSchema, projectsAnswerSchema } from '@starforge/contracts/bounties';
import { createRouter, errorResponse, idempotentRoute, idempotentTransaction, jsonResponse, protectedRoute } from '@starforge/service-kit';
import type { BountiesDeps } from '../deps';
import { createProject, listProjects, myActiveProjects } from '../domain/projects';

/** QA testing projects: the grid, creating one (any signed-in user), the caller's active ones for the bounty form. */
export const projectRoutes = (deps: BountiesDeps) => {
  const listRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/projects',
    tags: ['projects'],
    summary: "Every project, newest first, 24 a page with the total; each with its owner's display name and is_mine",
    request: { query: pageQuerySchema },
    responses: {
      200: jsonResponse('A page of projects', projectsAnswerSchema),
      400: errorResponse('page not a whole number from 1'),
    },
  });
  const createRoute = idempotentRoute(deps, {
    method: 'post',
    path: '/projects',
    tags: ['projects'],
    summary:
      "Create a project (any signed-in user; no plan needed): name required, type smart_contract by default, budget ≥ 0 (default 0); active, the caller's",
    request: { body: { required: true, content: { 'application/json': { schema: createProjectSchema } } } },
    responses: {
      201: jsonResponse('Created', projectAnswerSchema),
      400: errorResponse('Please enter a project name; Please enter a valid budget; Please choose a project type; a name or description too long'),
      409: errorResponse('idempotency_key_in_use'),
    },
  });
  const mineRoute = protectedRoute(deps.requireUser, {
    method: 'get',
    path: '/projects/mine/active',
    tags: ['projects'],
    summary: "The caller's active projects, newest first: what a bounty may be posted under",
    responses: { 200: jsonResponse("The caller's active projects", activeProjectsAnswerSchema) },
  });

  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listProjects(deps.sql, c.var.user.id, c.req.valid('query').page), 200))
    .openapi(createRoute, (c) => {
      const project = c.req.valid('json');
      return idempotentTransaction(c, async (tx) => ({ project: await createProject(tx, c.var.user.id, project) }), 201);
    })
    .openapi(mineRoute, async (c) => c.json({ projects: await myActiveProjects(deps.sql, c.var.user.id) }, 200));
};
