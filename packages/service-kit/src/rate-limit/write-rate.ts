import { errorCodes } from '@starforge/contracts/shared';
import type { Db } from '../db';
import { errorBody } from '../errors';
import type { WriteRateLimit } from '../env';

/**
 * The per-user write limit: a token bucket per user in the service's `write_buckets` table (the
 * kit's idempotency migration set creates it), so every copy of a service shares one count. A
 * bucket holds up to `burst` tokens and refills at `perSecond`; each write that commits takes
 * one. The statements below are fragments of the write's own statements (the idempotency gate
 * and the kept answer), so the limit costs no round trip of its own:
 *
 * - the gate reads the tokens now, without a lock, and refuses at once below one;
 * - the statement that keeps the answer, just before COMMIT, takes a token under the bucket's
 *   row lock, so concurrent writes of one user are counted exactly (the row is locked only for
 *   the last moment of each transaction); below zero the transaction rolls back with a 429.
 */

/** The user's tokens now (refilled since the last write), as a scalar subquery; `burst` for a new user. */
export const tokensNow = (db: Db, userId: string, limit: WriteRateLimit) => db`
  coalesce((
    select least(${limit.burst}::float8, b.tokens + greatest(0, extract(epoch from clock_timestamp() - b.updated_at)) * ${limit.perSecond}::float8)
    from write_buckets b where b.user_id = ${userId}
  ), ${limit.burst}::float8)`;

/**
 * A CTE body that takes one token and returns the tokens left (`returning tokens`): below zero
 * means the write is over the limit. With `floor`, the count never goes below zero (for answers
 * that are kept whatever the count: a client error is charged, never refused).
 */
export const takeToken = (db: Db, userId: string, limit: WriteRateLimit, { floor = false } = {}) => {
  const refilled = db`least(${limit.burst}::float8, b.tokens + greatest(0, extract(epoch from clock_timestamp() - b.updated_at)) * ${limit.perSecond}::float8) - 1`;
  return db`
    insert into write_buckets as b (user_id, tokens, updated_at)
    values (${userId}, ${limit.burst}::float8 - 1, clock_timestamp())
    on conflict (user_id) do update set
      tokens = ${floor ? db`greatest(0, ${refilled})` : refilled},
      updated_at = clock_timestamp()
    returning b.tokens`;
};

/** Seconds until the bucket holds a token again, for Retry-After (at least 1). */
export const retryAfterSeconds = (tokens: number, limit: WriteRateLimit): number => Math.max(1, Math.ceil((1 - tokens) / limit.perSecond));

/** The 429 of a write over the limit, in the error shape, with Retry-After. */
export const rateLimitedResponse = (tokens: number, limit: WriteRateLimit): Response =>
  new Response(JSON.stringify(errorBody(errorCodes.rateLimited, 'Too many changes in a short time. Please wait a moment and try again.')), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds(tokens, limit)) },
  });

/** Deletes buckets untouched for an hour (full again long since); returns how many. */
export const deleteIdleBuckets = async (db: Db): Promise<number> => (await db`delete from write_buckets where updated_at < now() - interval '1 hour'`).count;
