import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@starforge/contracts';

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
