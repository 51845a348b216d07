import { errorCodes } from '@starforge/contracts/shared';
import { REFRESH_RETRY_BASE_MS, REFRESH_RETRY_MAX_ATTEMPTS } from '@starforge/contracts/auth';
import { ApiRequestError, isRetryable } from '../http';
import { newIdempotencyKey } from './new-idempotency-key';

/** What each attempt of an action gets: the key to send, the same on every retry of that action. */
export interface ActionCall {
  idempotencyKey: string;
  /** 0 for the first attempt, then 1, 2, ... */
  attempt: number;
}

export interface ActionOptions {
  /** Attempts in all, the first included (default 5). 1 turns automatic retries off. */
  maxAttempts?: number;
  /** First retry delay; each next one doubles (default 200 ms, the spec's backoff). */
  baseDelayMs?: number;
}

/** A single-flight user action (see createAction). */
export interface Action<A extends unknown[], R> {
  /** Runs the action; resolves to undefined, without running, when it is already running. */
  run: (...args: A) => Promise<R | undefined>;
  /** Whether a run is under way. */
  readonly busy: boolean;
  /** Called whenever `busy` changes; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

/** An answer that says nothing about whether the server did it: the same request may be sent again. */
const outcomeUnknown = (error: unknown): boolean => isRetryable(error) || (error instanceof ApiRequestError && error.code === errorCodes.idempotencyKeyInUse);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const argsKey = (args: unknown[]): string | null => {
  try {
    return JSON.stringify(args);
  } catch {
    return null;
  }
};

/**
 * One user action that may move money (convert, stake, withdraw, pay, approve), written once for
 * every remote:
 * - single flight: while a run is under way further runs are ignored (spec: "While a request
 *   runs further submits are ignored");
 * - each run gets a fresh Idempotency-Key, passed to `fn`, which sends it (`requestJson` /
 *   `authClient.authed` take `idempotencyKey`); the token-refresh retry inside `authed` and this
 *   helper's own retries reuse it, so the server runs the action at most once;
 * - retries on 502/503/504, a network failure or 409 idempotency_key_in_use, backing off from
 *   200 ms; other errors reject at once;
 * - when the last attempt still left the outcome unknown, the next run with the same arguments
 *   (the user pressing the button again) reuses the key: the server replays or runs it once.
 */
export const createAction = <A extends unknown[], R>(fn: (call: ActionCall, ...args: A) => Promise<R>, options: ActionOptions = {}): Action<A, R> => {
  const maxAttempts = Math.max(1, options.maxAttempts ?? REFRESH_RETRY_MAX_ATTEMPTS);
  const baseDelayMs = options.baseDelayMs ?? REFRESH_RETRY_BASE_MS;
  const listeners = new Set<() => void>();
  let busy = false;
  let unresolved: { args: string; key: string } | null = null;

  const setBusy = (value: boolean) => {
    busy = value;
    for (const listener of listeners) listener();
  };

  const run = async (...args: A): Promise<R | undefined> => {
    if (busy) return undefined;
    setBusy(true);
    try {
      const argsJson = argsKey(args);
      const idempotencyKey = unresolved && argsJson !== null && unresolved.args === argsJson ? unresolved.key : newIdempotencyKey();
      unresolved = null;
      for (let attempt = 0; ; attempt++) {
        try {
          return await fn({ idempotencyKey, attempt }, ...args);
        } catch (error) {
          if (!outcomeUnknown(error)) throw error;
          if (attempt + 1 >= maxAttempts) {
            if (argsJson !== null) unresolved = { args: argsJson, key: idempotencyKey };
            throw error;
          }
          await sleep(baseDelayMs * 2 ** attempt);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    run,
    get busy() {
      return busy;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
