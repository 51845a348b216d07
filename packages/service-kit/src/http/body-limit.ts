import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bodyRuleFor, errorCodes, type BodyRule } from '@starforge/contracts/shared';
import { errorBody } from '../errors';
import { BodyTooLargeError, cacheNodeBody, nodeIncoming, readIncoming } from './node-body';

const byLimit = new Map<string, MiddlewareHandler>();
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a request body over its route's limit (contracts' `bodyRuleFor`, the same table the
 * gateway enforces) with 413 in the error shape: at once on Content-Length, else while the body
 * is read, so a chunked body is never held beyond the limit.
 */
export const routeBodyLimit = (): MiddlewareHandler => (c, next) => {
  // A read with neither header has no body. Asking hono's bodyLimit would make
  // @hono/node-server build the full Request (with its AbortSignal) for every GET: 4× the cost
  // of a small answer.
  if (READS.has(c.req.method) && c.req.header('content-length') === undefined && c.req.header('transfer-encoding') === undefined) return next();
  const rule = bodyRuleFor(c.req.method, c.req.path);
  const incoming = nodeIncoming(c);
  if (incoming) return readNodeBody(c, incoming, rule, next);
  const cacheKey = `${rule.maxBytes} ${rule.tooLargeMessage}`;
  let limit = byLimit.get(cacheKey);
  if (!limit) {
    limit = bodyLimit({ maxSize: rule.maxBytes, onError: (c) => tooLarge(c, rule) });
    byLimit.set(cacheKey, limit);
  }
  return limit(c, next);
};

const tooLarge = (c: Context, rule: BodyRule) => c.json(errorBody(errorCodes.payloadTooLarge, rule.tooLargeMessage), 413);

/** Under @hono/node-server: the limit checked on Content-Length, then while reading Node's stream. */
const readNodeBody = async (c: Context, incoming: IncomingMessage, rule: BodyRule, next: Next) => {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > rule.maxBytes) return tooLarge(c, rule);
  try {
    cacheNodeBody(c, await readIncoming(incoming, rule.maxBytes));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return tooLarge(c, rule);
    throw error;
  }
  return next();
};
