import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@starforge/contracts/shared';

/**
 * The key from an Idempotency-Key header value, or null when it is malformed (empty, longer
 * than 255 characters). The IETF draft writes the key as a structured-field string
 * (`"8e03978e-..."`); Stripe and most clients send it bare. Both are accepted.
 */
export const parseIdempotencyKey = (value: string): string | null => {
  const trimmed = value.trim();
  const quoted = /^"(.*)"$/.exec(trimmed);
  const key = quoted ? (quoted[1] ?? '').replace(/\\(["\\])/g, '$1') : trimmed;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) return null;
  return key;
};

/**
 * What makes two requests "the same request" for one key: sha-256 over the method, the path
 * with its query and the raw body bytes. A retry must resend exactly the same request.
 */
export const requestFingerprint = (method: string, pathWithQuery: string, body: Uint8Array): Buffer =>
  createHash('sha256').update(`${method.toUpperCase()} ${pathWithQuery}\n`).update(body).digest();

/**
 * What part of a route's body its fingerprint covers, for a route whose body holds a secret that
 * must not be kept even as a hash (a card number and cvv: a SHA-256 of 16 digits is quickly
 * reversed). The route names it with `idempotentRoute(deps, route, { fingerprintBody })`.
 */
export type FingerprintBody = (body: Buffer) => Uint8Array;

const fingerprintBodies = new WeakMap<Request, FingerprintBody>();

/** Middleware of `idempotentRoute`: this request's body is fingerprinted through `fingerprintBody`. */
export const fingerprintBodyMiddleware =
  (fingerprintBody: FingerprintBody): MiddlewareHandler =>
  async (c, next) => {
    fingerprintBodies.set(c.req.raw, fingerprintBody);
    await next();
  };

/** The bytes of the body that the request's fingerprint covers. */
export const fingerprintedBody = (request: Request, body: Buffer): Uint8Array => fingerprintBodies.get(request)?.(body) ?? body;

/**
 * A `fingerprintBody` for a JSON body: the body without the named fields (unreadable JSON
 * fingerprints as nothing, so its secret is not kept either; the route refuses it anyway).
 */
export const jsonWithout =
  (...fields: string[]): FingerprintBody =>
  (body) => {
    try {
      const value = JSON.parse(body.toString('utf8')) as unknown;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return new Uint8Array();
      const kept = Object.fromEntries(Object.entries(value).filter(([name]) => !fields.includes(name)));
      return Buffer.from(JSON.stringify(kept));
    } catch {
      return new Uint8Array();
    }
  };
