import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { errorCodes, type ServiceName } from '@starforge/contracts/shared';
import { ApiError, errorBody } from './errors';
import type { Sql } from './db';
import { routeBodyLimit } from './http/body-limit';
import { readHttpSettings, type HttpSettings } from './env';
import { clientAddress } from './http/client-address';
import { bodyLeftUnread, drainRequestBody } from './http/drain';
import { ClientLeftError, nodeIncoming } from './http/node-body';
import { sameOriginJson, unsupportedMediaType } from './http/same-origin-json';
import { errorResponse, jsonResponse, serveOpenApiOnce } from './openapi-docs';
import { apiErrorOfPostgres, type SqlStateMap } from './postgres-errors';
import { validationHook } from './validation';
import { readiness } from './lifecycle/readiness';

/** What every handler may read: the request id and the client's address (see clientAddress). */
export type ServiceEnvVars = { Variables: { requestId: string; clientIp: string } };
export type ServiceApp = OpenAPIHono<ServiceEnvVars>;

/** Creates a sub-app that shares the service's validation behaviour; mount it with `app.route()`. */
export const createRouter = (): ServiceApp => new OpenAPIHono<ServiceEnvVars>({ defaultHook: validationHook });

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['ops'],
  responses: {
    200: jsonResponse('The service and its database answer', z.object({ status: z.literal('ok'), domain: z.string() })),
    503: errorResponse('The database does not answer'),
  },
});

const readyRoute = createRoute({
  method: 'get',
  path: '/ready',
  tags: ['ops'],
  summary: 'Whether this copy takes new requests (for a load balancer)',
  description:
    'Ready once the copy listens (after its migrations and job workers are up); 503 from the moment it starts draining on SIGTERM, while `/health` still answers.',
  responses: {
    200: jsonResponse('The copy takes new requests', z.object({ status: z.literal('ready'), domain: z.string() })),
    503: errorResponse('The copy is draining: send new requests to another copy'),
  },
});

const httpExceptionCode = (status: number): string =>
  status === 401 ? errorCodes.unauthorized : status === 404 ? errorCodes.notFound : status >= 500 ? errorCodes.internal : errorCodes.validationFailed;

export interface ServiceAppOptions {
  /** Default: read from the environment (`PUBLIC_ORIGIN`, `TRUSTED_PROXIES`). */
  http?: HttpSettings;
  /**
   * The SQLSTATEs of this service's SQL functions and of the published functions it calls (e.g.
   * `rewardsSqlStates`), answered as they say; the kit maps only PostgreSQL's generic states.
   */
  sqlStates?: SqlStateMap;
}

/**
 * Builds a domain service's Hono app mounted at `/api/<domain>`, with request ids, the
 * client's address, cross-site writes and bodies of another type than the route takes refused
 * (403, 415: JSON unless contracts' body rules say otherwise), bodies over the route's limit
 * refused (413), the rest of a body answered early drained (see drainRequestBody), one error
 * handler answering `{ error: { code, message } }` (typed errors as they are, the service's own
 * SQLSTATEs as it registers them, PostgreSQL errors a request can cause as 4xx, anything else a
 * logged 500),
 * `/health` (checks the database), `/ready` (whether this copy takes new requests) and `/openapi.json` generated from the same zod schemas
 * that validate the routes.
 */
export const createServiceApp = (domain: ServiceName, sql: Sql, options: ServiceAppOptions = {}): ServiceApp => {
  const http = options.http ?? readHttpSettings();
  const base = `/api/${domain}`;
  const app = new OpenAPIHono<ServiceEnvVars>({ defaultHook: validationHook }).basePath(base) as ServiceApp;
  app.use(async (c, next) => {
    await next();
    // A draining copy lets each keep-alive connection go after its answer, so none is cut mid-request.
    if (readiness.isDraining()) c.header('connection', 'close');
    const incoming = nodeIncoming(c);
    if (incoming && bodyLeftUnread(incoming)) drainRequestBody(incoming);
  });
  app.use(requestId());
  app.use(sameOriginJson({ publicOrigin: http.publicOrigin }));
  app.use(routeBodyLimit());
  app.use(async (c, next) => {
    c.set('clientIp', clientAddress(c, http.trustedProxies));
    await next();
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(errorBody(err.code, err.message), err.status, err.headers);
    if (err instanceof ClientLeftError) {
      // The client's doing, and nobody reads this answer: one line, no stack, not an error.
      console.info(`[${domain}] ${c.get('requestId')} ${c.req.method} ${c.req.path}: ${err.message}`);
      return c.json(errorBody(errorCodes.validationFailed, 'The request body did not arrive whole.'), 400);
    }
    // Hono's and @hono/zod-openapi's own 415 (a route's declared media types): the kit's words and code.
    if (err instanceof HTTPException && err.status === 415) return unsupportedMediaType(c);
    if (err instanceof HTTPException) return c.json(errorBody(httpExceptionCode(err.status), err.message || 'Request failed'), err.status);
    const mapped = apiErrorOfPostgres(err, options.sqlStates);
    if (mapped) {
      console.warn(`[${domain}] ${c.get('requestId')} ${c.req.method} ${c.req.path} answered ${mapped.status} ${mapped.code} for`, (err as Error).message);
      return c.json(errorBody(mapped.code, mapped.message), mapped.status, mapped.headers);
    }
    // Internals are logged with the request id, never echoed.
    console.error(`[${domain}] ${c.get('requestId')} ${c.req.method} ${c.req.path}`, err);
    return c.json(errorBody(errorCodes.internal, 'Something went wrong. Please try again.'), 500);
  });
  app.notFound((c) => c.json(errorBody(errorCodes.notFound, 'Not found'), 404));

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  app.openapi(healthRoute, async (c) => {
    try {
      await sql`select 1`;
      return c.json({ status: 'ok' as const, domain }, 200);
    } catch {
      return c.json(errorBody(errorCodes.unavailable, 'Database unavailable'), 503);
    }
  });

  app.openapi(readyRoute, (c) =>
    readiness.isDraining() ? c.json(errorBody(errorCodes.unavailable, 'This copy is draining'), 503) : c.json({ status: 'ready' as const, domain }, 200),
  );

  serveOpenApiOnce(app, '/openapi.json', { openapi: '3.1.0', info: { title: `Starforge ${domain} API`, version: '1.0.0' } });
  return app;
};
