/**
 * Wire format of every error a service answers with: `{ error: { code, message } }`.
 * `code` is a stable, lowercase snake_case string that clients may branch on;
 * `message` is safe to show to a person. (Its zod schema is in error-schema.ts.)
 */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

export const errorCodes = {
  validationFailed: 'validation_failed',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  conflict: 'conflict',
  alreadyExists: 'already_exists',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
  /** Idempotency-Key header empty or longer than 255 characters (400). */
  idempotencyKeyInvalid: 'idempotency_key_invalid',
  /** The route requires an Idempotency-Key header and none was sent (400). */
  idempotencyKeyMissing: 'idempotency_key_missing',
  /** The key was first used with another method, path or body (422). */
  idempotencyKeyReused: 'idempotency_key_reused',
  /** The first request with this key is still running and the wait ran out (409). */
  idempotencyKeyInUse: 'idempotency_key_in_use',
  payloadTooLarge: 'payload_too_large',
  requestHeaderFieldsTooLarge: 'request_header_fields_too_large',
  /** The request body did not arrive in time (408). */
  requestTimeout: 'request_timeout',
  methodNotAllowed: 'method_not_allowed',
} as const;

/** The same check as apiErrorSchema without zod, for browser code that must stay small. */
export const isApiErrorBody = (value: unknown): value is ApiErrorBody => {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
};
