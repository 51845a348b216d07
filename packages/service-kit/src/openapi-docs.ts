import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Env, MiddlewareHandler } from 'hono';
import { apiErrorSchema } from '@starforge/contracts/shared';
import type { AuthEnv } from './auth/require-user';

/** An error answer in the OpenAPI document: `{ error: { code, message } }`. The one error document of every service. */
export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });

/** A 2xx answer in the OpenAPI document: JSON of the given schema. */
export const jsonResponse = <S>(description: string, schema: S) => ({ description, content: { 'application/json': { schema } } });

/** The security scheme `createServiceApp` registers: an access token as a bearer JWT. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The 401 of every route behind `requireUser`. */
export const unauthorizedResponse = errorResponse('invalid_jwt (missing, altered or expired token) or session_not_found (signed out)');

type OpenRouteConfig = Omit<RouteConfig, 'security' | 'middleware'>;

/**
 * A route only a signed-in user may call: `requireUser` runs first (so the handler reads
 * `c.var.user`), the document shows the bearer security and the 401 answer.
 */
export const protectedRoute = <const R extends OpenRouteConfig>(requireUser: MiddlewareHandler<AuthEnv>, route: R) =>
  createRoute({
    ...route,
    security: bearerSecurity,
    middleware: [requireUser] as const,
    responses: { ...route.responses, 401: unauthorizedResponse },
  });

/**
 * Serves the app's OpenAPI 3.1 document at `path`, generated once: on the first request (when
 * every route is registered), then the same bytes for every request after it. Hono's `doc31`
 * regenerates the document from the zod schemas on each request, a few milliseconds of CPU that
 * let an anonymous client starve a service. A generation that fails is not kept (the next
 * request tries again) and answers through the app's error handler.
 */
export const serveOpenApiOnce = <E extends Env>(app: OpenAPIHono<E>, path: string, config: Parameters<OpenAPIHono<E>['getOpenAPI31Document']>[0]) => {
  let document: string | undefined;
  app.get(path, (c) => {
    document ??= JSON.stringify(app.getOpenAPI31Document(config));
    return c.body(document, 200, { 'content-type': 'application/json' });
  });
};
