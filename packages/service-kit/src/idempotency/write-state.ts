import type { Sql } from '../db';
import type { WriteRateLimit } from '../env';
import type { KeyRef } from './key-store';

/** What `idempotent()` learned about a write, for `idempotentTransaction` and for itself afterwards. */
export interface WriteState {
  sql: Sql;
  /** Null for a write sent without a key. */
  ref: KeyRef | null;
  fingerprint: Buffer | null;
  limit: WriteRateLimit;
  waitMs: number;
  /** The gate ran: the write did database work. */
  gated: boolean;
  /** The answer was decided by the gate or kept in the transaction: nothing left to keep. */
  settled: boolean;
}

/** The state of each request under `idempotent()`, found by its Request object. */
export const writes = new WeakMap<Request, WriteState>();
