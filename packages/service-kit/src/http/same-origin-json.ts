import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { bodyRuleFor, errorCodes, unsupportedMediaTypeMessage } from '@starforge/contracts/shared';
import { errorBody } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A JSON media type (`application/json`, `application/merge-patch+json`), with any parameters, even none after `;`. */
const JSON_TYPE = /^\s*application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;
/**
 * The form of a JSON type that @hono/zod-openapi's route validator takes (its `jsonRequestRegex`):
 * parameters only as `; name=value`. Another form the kit accepts (`application/json;`) is
 * rewritten to `application/json` before the validator sees it, so the two never disagree.
 */
const VALIDATOR_JSON_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

export interface SameOriginJsonOptions {
  /** The product's origin (`PUBLIC_ORIGIN`): the only one whose pages may change state. */
  publicOrigin: string;
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

/** A 415 in the error shape that says what the route takes (contracts' body rules). */
export const unsupportedMediaType = (c: Context) => {
  const { mediaTypes } = bodyRuleFor(c.req.method, c.req.path);
  return c.json(errorBody(errorCodes.unsupportedMediaType, unsupportedMediaTypeMessage(mediaTypes, c.req.header('content-type'))), 415);
};

/**
 * Login CSRF and its kin, for every service. A state-changing request that names a foreign
 * `Origin` (a form or script on another site) is refused with 403; a request without Origin
 * (curl, server-to-server) is not a browser's cross-site request and passes. A body of another
 * type than its route takes (JSON, unless contracts' body rules name media types for the route)
 * is refused with 415 before any handler reads it, so a `text/plain` form post, which a browser
 * sends cross-site without asking, never reaches a JSON parser, and a multipart form never
 * reaches a route of raw bytes.
 */
export const sameOriginJson = (options: SameOriginJsonOptions) => {
  const allowed = sameSiteOrigins(options.publicOrigin);
  return createMiddleware(async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed.has(origin)) {
      return c.json(errorBody(errorCodes.forbidden, 'Cross-site requests are not allowed.'), 403);
    }
    const contentType = c.req.header('content-type');
    if (contentType === undefined) {
      const hasBody = Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding') !== undefined;
      return hasBody ? unsupportedMediaType(c) : next();
    }
    const { mediaTypes } = bodyRuleFor(c.req.method, c.req.path);
    if (mediaTypes === null) {
      if (!JSON_TYPE.test(contentType)) return unsupportedMediaType(c);
      if (!VALIDATOR_JSON_TYPE.test(contentType)) c.req.raw.headers.set('content-type', 'application/json');
    } else if (!mediaTypes.includes(mediaType(contentType))) {
      return unsupportedMediaType(c);
    }
    return next();
  });
};
