import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { bearerSecurity, errorResponse, idempotencyOpenApi } from '@starforge/service-kit';
import type { RewardsDeps } from '../deps';

type MoneyRouteConfig = Omit<RouteConfig, 'security' | 'middleware'>;

/**
 * A POST that moves money or tokens, or starts what will (a test run): the bearer token first, then the Idempotency-Key (a retry
 * with the same key replays the first answer). The document shows the 401 and the key's 409/422;
 * the route's request names the header (`headers: idempotencyOpenApi.headers`).
 */
export const moneyRoute = <const R extends MoneyRouteConfig>(deps: RewardsDeps, route: R) =>
  createRoute({
    ...route,
    security: bearerSecurity,
    middleware: [deps.requireUser, deps.idempotent] as const,
    // The route's own 422 (a refusal) names idempotency_key_reused too.
    responses: {
      ...idempotencyOpenApi.responses,
      ...route.responses,
      401: errorResponse('invalid_jwt (missing, altered or expired token) or session_not_found (signed out)'),
    },
  });
