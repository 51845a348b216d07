import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { errorCodes, type ServiceName } from '@starforge/contracts';
import { ApiError, errorBody } from './errors';
import type { Sql } from './db';
import { routeBodyLimit } from './http/body-limit';

export type ServiceEnvVars = { Variables: { requestId: string } };
export type ServiceApp = OpenAPIHono<ServiceEnvVars>;

/** A zod failure at a route becomes a 400 with the first field's message. */
const validationHook = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, c: { json: (body: unknown, status: 400) => Response }) => {
  if (result.success) return undefined;
  const issue = result.error?.issues[0];
  return c.json(errorBody(errorCodes.validationFailed, issue?.message ?? 'Invalid request'), 400);
};

/** Creates a sub-app that shares the service's validation behaviour; mount it with `app.route()`. */
export const createRouter = (): ServiceApp => new OpenAPIHono<ServiceEnvVars>({ defaultHook: validationHook });

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['ops'],
  responses: {
    200: { description: 'The service and its database answer', content: { 'application/json': { schema: z.object({ status: z.literal('ok'), domain: z.string() }) } } },
    503: { description: 'The database does not answer', content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } } },
  },
});

/**
 * Builds a domain service's Hono app mounted at `/api/<domain>`, with request ids, one
 * error handler answering `{ error: { code, message } }`, `/health` (checks the database)
 * and `/openapi.json` generated from the same zod schemas that validate the routes.
 */
export const createServiceApp = (domain: ServiceName, sql: Sql): ServiceApp => {
  const app = new OpenAPIHono<ServiceEnvVars>({ defaultHook: validationHook }).basePath(`/api/${domain}`) as ServiceApp;
  app.use(requestId());
  app.use(routeBodyLimit());

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorBody(err.code, err.message), err.status);
    if (err instanceof HTTPException) {
      const status = err.status;
      return c.json(errorBody(status === 401 ? errorCodes.unauthorized : status === 404 ? errorCodes.notFound : errorCodes.validationFailed, err.message || 'Request failed'), status);
    }
    // Internals (Postgres errors included) are logged with the request id, never echoed.
    console.error(`[${domain}] ${c.get('requestId')} ${c.req.method} ${c.req.path}`, err);
    return c.json(errorBody(errorCodes.internal, 'Something went wrong. Please try again.'), 500);
  });
  app.notFound((c) => c.json(errorBody(errorCodes.notFound, 'Not found'), 404));

  app.openapi(healthRoute, async (c) => {
    try {
      await sql`select 1`;
      return c.json({ status: 'ok' as const, domain }, 200);
    } catch {
      return c.json(errorBody(errorCodes.unavailable, 'Database unavailable'), 503);
    }
  });

  app.doc31('/openapi.json', { openapi: '3.1.0', info: { title: `Starforge ${domain} API`, version: '1.0.0' } });
  return app;
};
