import { createMiddleware } from 'hono/factory';
import { errorCodes } from '@starforge/contracts';
import { errorBody } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

export interface SameOriginJsonOptions {
  /** The product's origin (`PUBLIC_ORIGIN`): the only one whose pages may change state. */
  publicOrigin: string;
  /**
   * Routes (paths under the service's base, e.g. `/nfts/images`) that take another body type,
   * with the media types they take (`multipart/form-data`).
   */
  otherBodyTypes?: Record<string, readonly string[]>;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may change state: the public origin, and when that is a loopback
 * address (a local run), its loopback aliases on the same port, so a newcomer who opens
 * http://127.0.0.1:3000 instead of http://localhost:3000 is not refused. They are one machine.
 */
export const sameSiteOrigins = (publicOrigin: string): Set<string> => {
  const url = new URL(publicOrigin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return new Set([url.origin]);
  return new Set(LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`));
};

const mediaType = (contentType: string): string => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Login CSRF and its kin, for every service. A state-changing request that names a foreign
 * `Origin` (a form or script on another site) is refused with 403; a request without Origin
 * (curl, server-to-server) is not a browser's cross-site request and passes. A body that is
 * not JSON is refused with 415 before any handler reads it, so a `text/plain` form post, which
 * a browser sends cross-site without asking, never reaches a JSON parser.
 */
export const sameOriginJson = (base: string, options: SameOriginJsonOptions) => {
  const allowed = sameSiteOrigins(options.publicOrigin);
  return createMiddleware(async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed.has(origin)) {
      return c.json(errorBody(errorCodes.forbidden, 'Cross-site requests are not allowed.'), 403);
    }
    const contentType = c.req.header('content-type');
    const hasBody = Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding') !== undefined;
    if (contentType === undefined ? hasBody : !JSON_TYPE.test(contentType)) {
      const otherTypes = options.otherBodyTypes?.[c.req.path.slice(base.length) || '/'];
      if (!(contentType && otherTypes?.includes(mediaType(contentType)))) {
        return c.json(errorBody(errorCodes.unsupportedMediaType, 'Send the body as JSON (Content-Type: application/json).'), 415);
      }
    }
    return next();
  });
};
