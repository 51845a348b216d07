import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@starforge/contracts';
import type postgres from 'postgres';
import type { Sql } from '../db';

/** A pool or a transaction. */
type Db = postgres.Sql | postgres.TransactionSql;

/** A stored answer, replayed for a repeat of its request. */
export interface StoredAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

/** What one attempt to take a key found. */
export type ClaimResult =
  | { kind: 'owner'; claim: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' }
  /** The row changed between two statements (released, expired): try again at once. */
  | { kind: 'again' };

export interface KeyRef {
  userId: string;
  key: string;
}

interface KeyRow {
  won: boolean | null;
  fingerprint: Buffer;
  status: number | null;
  responseHeaders: [string, string][] | null;
  responseBody: Buffer | null;
  expired: boolean;
  abandoned: boolean;
}

const ttlHours = IDEMPOTENCY_KEY_TTL_HOURS;

/**
 * One attempt to take `ref` for a request with this fingerprint. The database decides: the
 * primary key (user_id, key) lets exactly one insert win; everyone else reads the winner's row.
 * An expired row (older than 24 h) is deleted and the key taken as new. A claim still unfinished
 * after `abandonAfterMs` belonged to a process that died, and is taken over.
 */
export const claimKey = async (sql: Sql, ref: KeyRef, fingerprint: Buffer, abandonAfterMs: number): Promise<ClaimResult> => {
  const claim = randomUUID();
  // One round trip: the insert wins the key, or the select reads the row that holds it. The
  // select's snapshot predates the insert, so a row committed by a concurrent winner meanwhile
  // may be missing: that is 'again'.
  const [row] = await sql<KeyRow[]>`
    with inserted as (
      insert into idempotency_keys (user_id, key, fingerprint, claim)
      values (${ref.userId}, ${ref.key}, ${fingerprint}, ${claim})
      on conflict (user_id, key) do nothing
      returning claim
    )
    select (select true from inserted) as won, k.fingerprint, k.status, k.response_headers, k.response_body,
      k.created_at < now() - make_interval(hours => ${ttlHours}) as expired,
      k.status is null and k.locked_at < now() - make_interval(secs => ${abandonAfterMs / 1000}) as abandoned
    from (select) as one
    left join idempotency_keys k on k.user_id = ${ref.userId} and k.key = ${ref.key}`;
  if (row?.won) return { kind: 'owner', claim };
  if (!row?.fingerprint) return { kind: 'again' };
  if (row.expired) {
    await sql`
      delete from idempotency_keys
      where user_id = ${ref.userId} and key = ${ref.key} and created_at < now() - make_interval(hours => ${ttlHours})`;
    return { kind: 'again' };
  }
  if (!row.fingerprint.equals(fingerprint)) return { kind: 'mismatch' };
  if (row.status !== null) {
    return { kind: 'replay', answer: { status: row.status, headers: row.responseHeaders ?? [], body: new Uint8Array(row.responseBody ?? []) } };
  }
  if (row.abandoned) {
    const taken = await sql`
      update idempotency_keys set claim = ${claim}, locked_at = now()
      where user_id = ${ref.userId} and key = ${ref.key} and status is null
        and locked_at < now() - make_interval(secs => ${abandonAfterMs / 1000})
      returning claim`;
    return taken.length > 0 ? { kind: 'owner', claim } : { kind: 'again' };
  }
  return { kind: 'in_progress' };
};

/**
 * Records the answer of the attempt that holds the claim, unless one is recorded already (by the
 * handler's own transaction). `db` may be a transaction. False when nothing was written.
 */
export const completeKey = async (db: Db, ref: KeyRef, claim: string, answer: StoredAnswer): Promise<boolean> => {
  const rows = await db`
    update idempotency_keys
    set status = ${answer.status}, response_headers = ${db.json(answer.headers)},
      response_body = ${Buffer.from(answer.body)}, completed_at = now()
    where user_id = ${ref.userId} and key = ${ref.key} and claim = ${claim} and status is null
    returning 1`;
  return rows.length > 0;
};

/** Whether this claim still holds the key (false when another attempt took it over). */
export const holdsKey = async (sql: Sql, ref: KeyRef, claim: string): Promise<boolean> =>
  (await sql`select 1 from idempotency_keys where user_id = ${ref.userId} and key = ${ref.key} and claim = ${claim}`).length > 0;

/** Gives the key back (the request failed on the server), so a retry runs again. */
export const releaseKey = async (sql: Sql, ref: KeyRef, claim: string): Promise<void> => {
  await sql`delete from idempotency_keys where user_id = ${ref.userId} and key = ${ref.key} and claim = ${claim} and status is null`;
};

/** Deletes every key older than 24 hours; returns how many. */
export const deleteExpiredKeys = async (sql: Sql): Promise<number> => {
  const result = await sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${ttlHours})`;
  return result.count;
};
