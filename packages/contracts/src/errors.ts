import { z } from 'zod';

/**
 * Wire format of every error a service answers with: `{ error: { code, message } }`.
 * `code` is a stable, lowercase snake_case string that clients may branch on;
 * `message` is safe to show to a person.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  validationFailed: 'validation_failed',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;
