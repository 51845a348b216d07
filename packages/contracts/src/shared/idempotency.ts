/**
 * Idempotency-Key (IETF draft-ietf-httpapi-idempotency-key-header; Stripe's semantics): a POST
 * that moves money or ownership may carry a key; the same user sending the same key again gets
 * the first answer replayed instead of a second effect.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to 'true' on an answer that is a replay of the first one for its key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key and its answer are kept; after that the key counts as new. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
