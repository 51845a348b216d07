import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { sessionConfirmedInTransaction, type AuthEnv } from '../auth/require-user';
import { bearerSecurity, errorResponse, unauthorizedResponse } from '../openapi-docs';
import { idempotencyOpenApi } from './openapi';
import { fingerprintBodyMiddleware, type FingerprintBody } from './request-key';

const rateLimitedDoc = errorResponse('rate_limited: too many writes by this user in a short time (Retry-After: seconds)');

type IdempotentRouteConfig = Omit<RouteConfig, 'security' | 'middleware'>;

/** The two middlewares a service builds once: `requireUser({ sql })` and `idempotent({ sql })`. */
export interface IdempotentRouteMiddleware {
  requireUser: MiddlewareHandler<AuthEnv>;
  idempotent: MiddlewareHandler<AuthEnv>;
}

/**
 * A POST that moves money, tokens or ownership (or starts what will): the bearer token first,
 * then the Idempotency-Key (a retry with the same key replays the first answer); its handler
 * runs the effect in `idempotentTransaction(c, work)`, which also confirms the session (so
 * `requireUser` needs no round trip for it when the session is known live) and takes the user's
 * write token (429 `rate_limited` over the limit). The document
 * shows the bearer security, the header, the 401 and the key's 409/422; a route's own 422 (a
 * refusal) or 429 replaces the kit's, so its description names `idempotency_key_reused` or
 * `rate_limited` too. `fingerprintBody` leaves secrets (a card number) out of the key's
 * fingerprint, e.g. `jsonWithout('card_number', 'cvv')`.
 */
export const idempotentRoute = <const R extends IdempotentRouteConfig>(
  middleware: IdempotentRouteMiddleware,
  route: R,
  options: { fingerprintBody?: FingerprintBody } = {},
) => {
  type Chain = [typeof sessionConfirmedInTransaction, IdempotentRouteMiddleware['requireUser'], IdempotentRouteMiddleware['idempotent']];
  // The extra middleware sets no variables: the chain's types are the plain chain's.
  const chain = (
    options.fingerprintBody
      ? [sessionConfirmedInTransaction, fingerprintBodyMiddleware(options.fingerprintBody), middleware.requireUser, middleware.idempotent]
      : [sessionConfirmedInTransaction, middleware.requireUser, middleware.idempotent]
  ) as Chain;
  return createRoute({
    ...route,
    security: bearerSecurity,
    middleware: chain,
    request: { ...route.request, headers: idempotencyOpenApi.headers } as NonNullable<R['request']> & { headers: typeof idempotencyOpenApi.headers },
    responses: { ...idempotencyOpenApi.responses, 429: rateLimitedDoc, ...route.responses, 401: unauthorizedResponse },
  });
};
