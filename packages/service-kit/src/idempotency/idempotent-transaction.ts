import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { authErrorCodes } from '@starforge/contracts/auth';
import { errorCodes, IDEMPOTENT_REPLAYED_HEADER } from '@starforge/contracts/shared';
import type { Tx } from '../db';
import { errorBody } from '../errors';
import type { AuthEnv } from '../auth/require-user';
import { sessionToConfirm } from '../auth/require-user';
import { rateLimitedResponse } from '../rate-limit/write-rate';
import { finishWrite, openGate, type StoredAnswer } from './key-store';
import { writes } from './write-state';

/** Thrown inside the transaction to roll it back with an answer decided by the kit. */
class Refused extends Error {
  constructor(readonly response: Response) {
    super('refused');
  }
}

const jsonAnswer = (body: unknown, status: number): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Runs a write's effect in one transaction with everything that guards it, in four round trips
 * (BEGIN, the gate, `work`'s own statements, the kept answer with COMMIT's statement before it):
 *
 * 1. the gate (one statement): the session is still signed in (when `requireUser` left that to
 *    the transaction: `idempotentRoute`), the user has a write left, and the Idempotency-Key is
 *    claimed. A repeat of a committed request replays its answer (`Idempotent-Replayed: true`)
 *    and `work` does not run; a concurrent repeat waits for the first to commit, then replays;
 *    another request with the key answers 422; a signed-out session 401; over the limit 429.
 * 2. `work(tx)`: the effect; what it returns is the JSON answer, sent with `status`.
 * 3. the answer is kept on the key and the write token taken, in the same transaction: the
 *    claim, the effect and the answer commit together or not at all.
 *
 * A typed error thrown by `work` rolls everything back; the middleware then keeps that 4xx for
 * repeats. Returns the response to send.
 */
export const idempotentTransaction = async <E extends AuthEnv, T, S extends ContentfulStatusCode>(
  // biome-ignore lint/suspicious/noExplicitAny: any route's path and input
  c: Context<E, any, any>,
  work: (tx: Tx) => Promise<T>,
  status: S,
): Promise<Response & TypedResponse<JSONParsed<T>, S, 'json'>> => {
  // Answers decided by the kit (replays, refusals) are not the route's typed 2xx.
  type Answer = Response & TypedResponse<JSONParsed<T>, S, 'json'>;
  const state = writes.get(c.req.raw);
  if (!state) throw new Error('idempotentTransaction needs the idempotent() middleware on its route (idempotentRoute puts it there)');
  const user = c.var.user;
  const live = sessionToConfirm(c.req.raw);
  const mark = live?.mark ?? 0;
  state.gated = true;
  // The answer's bytes, made once: kept on the key in the transaction, then sent.
  let answer: Uint8Array<ArrayBuffer>;
  try {
    answer = (await state.sql.begin(async (tx) => {
      const gate = await openGate(tx, {
        userId: user.id,
        sessionId: live ? user.sessionId : null,
        key: state.ref && state.fingerprint ? { key: state.ref.key, fingerprint: state.fingerprint } : null,
        limit: state.limit,
        waitMs: state.waitMs,
      }).catch((error: unknown) => {
        if ((error as { code?: string }).code !== '55P03') throw error;
        throw new Refused(
          jsonAnswer(errorBody(errorCodes.idempotencyKeyInUse, 'A request with this key is still being processed. Please try again shortly.'), 409),
        );
      });
      if (gate.kind === 'signed_out') {
        live?.forget(user.sessionId);
        throw new Refused(
          new Response(JSON.stringify(errorBody(authErrorCodes.sessionNotFound, 'Your session has ended. Please sign in again.')), {
            status: 401,
            headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' },
          }),
        );
      }
      if (gate.kind === 'limited') throw new Refused(rateLimitedResponse(gate.tokens, state.limit));
      if (gate.kind === 'mismatch') {
        throw new Refused(
          jsonAnswer(
            errorBody(errorCodes.idempotencyKeyReused, 'This Idempotency-Key was already used for a different request. Use a new key for a new request.'),
            422,
          ),
        );
      }
      if (gate.kind === 'replay') throw new Refused(replay(gate.answer));

      const body = new TextEncoder().encode(JSON.stringify(await work(tx))) as Uint8Array<ArrayBuffer>;
      const left = await finishWrite(tx, user.id, state.ref?.key ?? null, { status, headers: [['content-type', 'application/json']], body }, state.limit);
      if (left < 0) throw new Refused(rateLimitedResponse(left + 1, state.limit));
      return body;
    })) as Uint8Array<ArrayBuffer>;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    state.settled = true;
    return error.response as Answer;
  }
  state.settled = true;
  live?.confirmed(user.sessionId, mark);
  return c.body(answer, status, { 'content-type': 'application/json' }) as unknown as Answer;
};

const replay = (answer: StoredAnswer): Response => {
  const headers = new Headers(answer.headers);
  headers.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers });
};
