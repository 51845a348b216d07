import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import { errorCodes, IDEMPOTENCY_KEY_HEADER } from '@starforge/contracts/shared';
import type { Sql } from '../db';
import { readWriteRateLimit, type WriteRateLimit } from '../env';
import { errorBody } from '../errors';
import type { AuthEnv } from '../auth/require-user';
import { requestBytes } from '../http/node-body';
import { deleteIdleBuckets } from '../rate-limit/write-rate';
import { chargeWrite, deleteExpiredKeys, keepAnswerAfter, type StoredAnswer } from './key-store';
import { fingerprintedBody } from './request-key';
import { parseIdempotencyKey, requestFingerprint } from './request-key';
import { writes, type WriteState } from './write-state';

export interface IdempotentOptions {
  /** The service's pool; its search_path names the schema holding `idempotency_keys` and `write_buckets`. */
  sql: Sql;
  /** Refuse a request without the header (400 `idempotency_key_missing`). Default: it runs as usual. */
  required?: boolean;
  /** How long a repeat waits for the first request with its key to commit before 409. Default 10 s. */
  waitMs?: number;
  /** The per-user write limit. Default: `WRITE_RATE_LIMIT_BURST` / `WRITE_RATE_LIMIT_PER_SECOND` (20, 10 a second). */
  rateLimit?: WriteRateLimit;
}

/** Response headers kept with the answer; the rest (dates, request ids) belong to each reply. */
const KEPT_HEADERS = ['content-type', 'location'];
const SWEEP_EVERY_MS = 60_000;
/** When each pool last swept expired keys and idle buckets: once a minute per service. */
const lastSweep = new WeakMap<Sql, number>();

/**
 * Makes a write idempotent per user with the `Idempotency-Key` header, as payment APIs do
 * (Stripe; IETF draft-ietf-httpapi-idempotency-key-header), and counts it against the user's
 * write limit. Put it after `requireUser` (`idempotentRoute` does), and run the write's effect
 * in `idempotentTransaction(c, work)`, which claims the key, confirms the session, takes the
 * write token and keeps the answer in the effect's own transaction (see README.md).
 *
 * This middleware reads the header and the body's fingerprint and does no database work itself:
 * - no header: the request runs as usual (unless `required`: 400); empty or over 255 characters: 400;
 * - after the handler, an answer no transaction kept (a route validator's 400, a refusal that
 *   rolled the write back) is kept when it is a 4xx, so a repeat replays it; a 5xx keeps nothing.
 *
 * The tables come from the kit's migration set: add `idempotencyKeyMigrations` to the service's
 * `runService({ kitMigrations })` (and to `testSql` in its tests).
 */
export const idempotent = (options: IdempotentOptions): MiddlewareHandler<AuthEnv> => {
  const { sql, required = false, waitMs = 10_000 } = options;
  const limit = options.rateLimit ?? readWriteRateLimit();
  const sweep = () => {
    if (Date.now() - (lastSweep.get(sql) ?? 0) < SWEEP_EVERY_MS) return;
    lastSweep.set(sql, Date.now());
    Promise.all([deleteExpiredKeys(sql), deleteIdleBuckets(sql)]).catch(logFailure('deleting expired keys and idle buckets'));
  };

  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined && required) {
      return c.json(errorBody(errorCodes.idempotencyKeyMissing, `This request needs an ${IDEMPOTENCY_KEY_HEADER} header.`), 400);
    }
    const key = header === undefined ? null : parseIdempotencyKey(header);
    if (header !== undefined && key === null) {
      return c.json(errorBody(errorCodes.idempotencyKeyInvalid, `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 characters.`), 400);
    }
    let fingerprint: Buffer | null = null;
    if (key !== null) {
      const url = new URL(c.req.url);
      fingerprint = requestFingerprint(c.req.method, url.pathname + url.search, fingerprintedBody(c.req.raw, await requestBytes(c)));
    }
    const state: WriteState = { sql, ref: key === null ? null : { userId: c.var.user.id, key }, fingerprint, limit, waitMs, gated: false, settled: false };
    writes.set(c.req.raw, state);
    sweep();

    await next();

    if (state.settled || c.res.status >= 500) return;
    if (c.res.status < 400) {
      console.error(`idempotency: ${c.req.method} ${c.req.path} answered without idempotentTransaction; its key protects repeats only once the answer is kept`);
    }
    if (state.ref && state.fingerprint) {
      const res = c.res;
      const answer: StoredAnswer = {
        status: res.status,
        headers: KEPT_HEADERS.flatMap((name): [string, string][] => {
          const value = res.headers.get(name);
          return value === null ? [] : [[name, value]];
        }),
        body: new Uint8Array(await res.clone().arrayBuffer()),
      };
      await keepAnswerAfter(sql, state.ref, state.fingerprint, answer, limit).catch(logFailure('keeping an answer'));
    } else if (state.gated) {
      await chargeWrite(sql, c.var.user.id, limit).catch(logFailure('charging a write'));
    }
  });
};

const logFailure = (what: string) => (error: unknown) => {
  console.error(`idempotency: ${what} failed`, error);
};
