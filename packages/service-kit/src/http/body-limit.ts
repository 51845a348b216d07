import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bodyLimitFor, errorCodes, payloadTooLargeMessage } from '@starforge/contracts';
import { errorBody } from '../errors';

const byLimit = new Map<number, MiddlewareHandler>();
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a request body over its route's limit (contracts' `bodyLimitFor`, the same table the
 * gateway enforces) with 413 in the error shape: at once on Content-Length, else while the body
 * is read, so a chunked body is never held beyond the limit.
 */
export const routeBodyLimit = (): MiddlewareHandler => (c, next) => {
  // A read with neither header has no body. Asking hono's bodyLimit would make
  // @hono/node-server build the full Request (with its AbortSignal) for every GET: 4× the cost
  // of a small answer.
  if (READS.has(c.req.method) && c.req.header('content-length') === undefined && c.req.header('transfer-encoding') === undefined) return next();
  const maxBytes = bodyLimitFor(c.req.method, c.req.path);
  let limit = byLimit.get(maxBytes);
  if (!limit) {
    limit = bodyLimit({ maxSize: maxBytes, onError: (c) => c.json(errorBody(errorCodes.payloadTooLarge, payloadTooLargeMessage(maxBytes)), 413) });
    byLimit.set(maxBytes, limit);
  }
  return limit(c, next);
};
