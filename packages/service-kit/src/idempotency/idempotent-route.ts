import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AuthEnv } from '../auth/require-user';
import { bearerSecurity, unauthorizedResponse } from '../openapi-docs';
import { idempotencyOpenApi } from './openapi';

type IdempotentRouteConfig = Omit<RouteConfig, 'security' | 'middleware'>;

/** The two middlewares a service builds once: `requireUser({ sql })` and `idempotent({ sql })`. */
export interface IdempotentRouteMiddleware {
  requireUser: MiddlewareHandler<AuthEnv>;
  idempotent: MiddlewareHandler<AuthEnv>;
}

/**
 * A POST that moves money, tokens or ownership (or starts what will): the bearer token first,
 * then the Idempotency-Key (a retry with the same key replays the first answer). The document
 * shows the bearer security, the header, the 401 and the key's 409/422; a route's own 422 (a
 * refusal) replaces the key's, so its description names `idempotency_key_reused` too.
 */
export const idempotentRoute = <const R extends IdempotentRouteConfig>(middleware: IdempotentRouteMiddleware, route: R) =>
  createRoute({
    ...route,
    security: bearerSecurity,
    middleware: [middleware.requireUser, middleware.idempotent] as const,
    request: { ...route.request, headers: idempotencyOpenApi.headers } as NonNullable<R['request']> & { headers: typeof idempotencyOpenApi.headers },
    responses: { ...idempotencyOpenApi.responses, ...route.responses, 401: unauthorizedResponse },
  });
