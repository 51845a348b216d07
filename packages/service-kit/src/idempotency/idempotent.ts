import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import { errorCodes, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@starforge/contracts';
import type { Sql } from '../db';
import { errorBody } from '../errors';
import type { AuthEnv } from '../auth/require-user';
import { claimKey, completeKey, deleteExpiredKeys, holdsKey, releaseKey, type ClaimResult, type KeyRef, type StoredAnswer } from './key-store';
import { claims } from './answer-in-transaction';
import { parseIdempotencyKey, requestFingerprint } from './request-key';

export interface IdempotentOptions {
  /** The service's pool; its search_path names the schema holding `idempotency_keys`. */
  sql: Sql;
  /** Refuse a request without the header (400 `idempotency_key_missing`). Default: it runs as usual. */
  required?: boolean;
  /** How long a repeat waits for the first request with its key to finish before 409. Default 10 s. */
  waitMs?: number;
  /** An unfinished claim older than this belonged to a process that died and is taken over. Default 60 s. */
  abandonAfterMs?: number;
}

/** Response headers kept with the answer; the rest (dates, request ids) belong to each reply. */
const KEPT_HEADERS = ['content-type', 'location'];
const SWEEP_EVERY_MS = 60_000;
/** When each pool last swept expired keys: once a minute per service, however many routes use it. */
const lastSweep = new WeakMap<Sql, number>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes a route idempotent per user with the `Idempotency-Key` header, as payment APIs do
 * (Stripe; IETF draft-ietf-httpapi-idempotency-key-header). Put it after `requireUser` on each
 * POST route that moves money or ownership.
 *
 * - Same user, key, method, path and body again: the first answer (status, content-type, body)
 *   is replayed with `Idempotent-Replayed: true` and the handler does not run. A repeat that
 *   arrives while the first still runs waits for it (the database decides who runs: one insert
 *   wins the primary key), or gets 409 `idempotency_key_in_use` after `waitMs`.
 * - Same key with another method, path or body: 422 `idempotency_key_reused`, nothing runs.
 * - 2xx and 4xx answers (thrown typed errors included) are kept for 24 hours; a 5xx or an error
 *   that escapes releases the key, so a retry runs again. Another user's same key is independent.
 * - No header: the request runs as usual (unless `required`). Empty or over 255 characters: 400.
 *
 * A handler that moves money should also call `keepIdempotentAnswer(tx, c, body, status)` inside
 * its transaction, so the effect and the kept answer commit together (see that function).
 *
 * The table comes from the kit's migration set: add `idempotencyKeyMigrations` to the service's
 * `runService({ kitMigrations })` (and to `testSql` in its tests).
 */
export const idempotent = (options: IdempotentOptions): MiddlewareHandler<AuthEnv> => {
  const { sql, required = false, waitMs = 10_000, abandonAfterMs = 60_000 } = options;
  const sweep = () => {
    if (Date.now() - (lastSweep.get(sql) ?? 0) < SWEEP_EVERY_MS) return;
    lastSweep.set(sql, Date.now());
    deleteExpiredKeys(sql).catch((error: unknown) => console.error('idempotency: deleting expired keys failed', error));
  };

  const claim = async (ref: KeyRef, fingerprint: Buffer): Promise<ClaimResult> => {
    const deadline = Date.now() + waitMs;
    let delay = 10;
    for (let round = 0; ; round++) {
      const result = await claimKey(sql, ref, fingerprint, abandonAfterMs).catch(explainMissingTable);
      if (result.kind === 'again' && round < 20) continue;
      if (result.kind !== 'in_progress' && result.kind !== 'again') return result;
      const left = deadline - Date.now();
      if (left <= 0) return { kind: 'in_progress' };
      await sleep(Math.min(delay, left));
      delay = Math.min(delay * 2, 200);
    }
  };

  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined) {
      if (required) return c.json(errorBody(errorCodes.idempotencyKeyMissing, `This request needs an ${IDEMPOTENCY_KEY_HEADER} header.`), 400);
      await next();
      return;
    }
    const key = parseIdempotencyKey(header);
    if (key === null) return c.json(errorBody(errorCodes.idempotencyKeyInvalid, `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 characters.`), 400);

    const url = new URL(c.req.url);
    const body = new Uint8Array(await c.req.arrayBuffer());
    const fingerprint = requestFingerprint(c.req.method, url.pathname + url.search, body);
    const ref: KeyRef = { userId: c.var.user.id, key };
    sweep();

    const result = await claim(ref, fingerprint);
    if (result.kind === 'mismatch') {
      return c.json(
        errorBody(errorCodes.idempotencyKeyReused, `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request. Use a new key for a new request.`),
        422,
      );
    }
    if (result.kind === 'replay') return replay(result.answer);
    if (result.kind !== 'owner') {
      return c.json(errorBody(errorCodes.idempotencyKeyInUse, 'A request with this key is still being processed. Please try again shortly.'), 409);
    }

    const held = { ref, claim: result.claim, keptInTransaction: false };
    claims.set(c.req.raw, held);
    try {
      await next();
    } catch (error) {
      await releaseKey(sql, ref, result.claim).catch(logFailure('releasing a key'));
      throw error;
    }
    const res = c.res;
    if (res.status >= 500) {
      await releaseKey(sql, ref, result.claim).catch(logFailure('releasing a key'));
      return;
    }
    const answer: StoredAnswer = {
      status: res.status,
      headers: KEPT_HEADERS.flatMap((name): [string, string][] => {
        const value = res.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
      body: new Uint8Array(await res.clone().arrayBuffer()),
    };
    // If this fails the effect has happened but no answer is kept: the claim stays unfinished, so
    // repeats get 409 until `abandonAfterMs`, never a second run right away.
    const kept = await completeKey(sql, ref, result.claim, answer).catch(logFailure('keeping an answer'));
    if (kept === false && !held.keptInTransaction && !(await holdsKey(sql, ref, result.claim).catch(() => true))) {
      console.warn(`idempotency: claim on a key was taken over before it finished (${c.req.method} ${url.pathname})`);
    }
  });
};

const replay = (answer: StoredAnswer): Response => {
  const headers = new Headers(answer.headers);
  headers.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers });
};

const logFailure = (what: string) => (error: unknown) => {
  console.error(`idempotency: ${what} failed`, error);
};

/** A service that forgot to opt in gets a log line that says how, not only "relation does not exist". */
const explainMissingTable = (error: unknown): never => {
  if ((error as { code?: string }).code === '42P01') {
    throw new Error('idempotency_keys table missing: add idempotencyKeyMigrations to runService({ kitMigrations }) / testSql', { cause: error });
  }
  throw error;
};
