import { z } from '@hono/zod-openapi';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@starforge/contracts/shared';
import { errorResponse } from '../openapi-docs';

/**
 * OpenAPI documentation of an idempotent route: spread `headers` into the route's `request` and
 * `responses` into its responses (`idempotentRoute` does both). The `idempotent()` middleware
 * runs before the route's validators, so it is the one that answers for the header; these only
 * describe it.
 */
export const idempotencyOpenApi = {
  headers: z.object({
    [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: z.string().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).optional().openapi({
      description:
        'A fresh random key (a UUID) per user action, the same on its retries. A repeat replays the first answer with `Idempotent-Replayed: true`; keys live 24 hours.',
      example: '6a1f0c52-3d0e-4a4b-9b1e-2f5c8d7e9a10',
    }),
  }),
  responses: {
    409: errorResponse('`idempotency_key_in_use`: the first request with this key is still running; retry with the same key'),
    422: errorResponse('`idempotency_key_reused`: this key was used for a different request'),
  },
} as const;
