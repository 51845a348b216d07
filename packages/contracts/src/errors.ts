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
} as const;

/** The same check as apiErrorSchema without zod, for browser code that must stay small. */
export const isApiErrorBody = (value: unknown): value is ApiErrorBody => {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
};
