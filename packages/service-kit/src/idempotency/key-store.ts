import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@starforge/contracts/shared';
import type { Db, Sql, Tx } from '../db';
import type { WriteRateLimit } from '../env';
import { takeToken, tokensNow } from '../rate-limit/write-rate';

/** A stored answer, replayed for a repeat of its request. */
export interface StoredAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

export interface KeyRef {
  userId: string;
  key: string;
}

/** What the gate of a write found. */
export type GateResult =
  | { kind: 'run' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'mismatch' }
  | { kind: 'signed_out' }
  | { kind: 'limited'; tokens: number };

export interface Gate {
  userId: string;
  /** Confirm this session in `auth.active_sessions` (when requireUser left it to the transaction). */
  sessionId: string | null;
  /** The key and the request's fingerprint; null for a write sent without a key. */
  key: { key: string; fingerprint: Buffer } | null;
  limit: WriteRateLimit;
  /** How long a repeat waits for the first request with its key (lock_timeout). */
  waitMs: number;
}

interface KeyRow {
  fingerprint: Buffer;
  status: number | null;
  responseHeaders: [string, string][] | null;
  responseBody: Buffer | null;
  expired: boolean;
}

const ttlHours = IDEMPOTENCY_KEY_TTL_HOURS;

/**
 * The first statement of a write's transaction, one round trip: the session is still signed in
 * (when asked), the user has a write left (rate-limit/write-rate.ts), and the key is claimed.
 *
 * The claim is an insert on the primary key (user_id, key) inside the write's transaction, so it
 * commits with the effect and the kept answer or not at all. A concurrent repeat's insert waits on
 * the uncommitted row (at most `waitMs`: lock_timeout, SQLSTATE 55P03) and then finds the
 * committed answer (a replay), or takes the key if the first rolled back. Only a repeat costs a
 * second statement: reading the row that holds the key.
 */
export const openGate = async (tx: Tx, gate: Gate): Promise<GateResult> => {
  const live = gate.sessionId === null ? tx`true` : tx`exists (select 1 from auth.active_sessions where id = ${gate.sessionId} and user_id = ${gate.userId})`;
  for (let round = 0; ; round++) {
    const allowed = tx`select ${live} as live, ${tokensNow(tx, gate.userId, gate.limit)} as tokens, set_config('lock_timeout', ${String(gate.waitMs)}, true)`;
    const [row] = gate.key
      ? await tx<{ live: boolean; tokens: number; won: boolean | null }[]>`
          with allowed as (${allowed}),
          claimed as (
            insert into idempotency_keys (user_id, key, fingerprint, claim)
            select ${gate.userId}, ${gate.key.key}, ${gate.key.fingerprint}, ${randomUUID()} from allowed where live and tokens >= 1
            on conflict (user_id, key) do nothing
            returning true as won
          )
          select live, tokens, (select won from claimed) as won from allowed`
      : await tx<{ live: boolean; tokens: number; won: null }[]>`select live, tokens, null as won from (${allowed}) as allowed`;
    if (!row?.live) return { kind: 'signed_out' };
    if (row.tokens < 1) return { kind: 'limited', tokens: row.tokens };
    if (!gate.key || row.won) return { kind: 'run' };

    const [held] = await tx<KeyRow[]>`
      select fingerprint, status, response_headers, response_body, created_at < now() - make_interval(hours => ${ttlHours}) as expired
      from idempotency_keys where user_id = ${gate.userId} and key = ${gate.key.key}`;
    if (round >= 5) throw new Error('idempotency: the key changed hands five times in a row');
    // Gone meanwhile (the expiry sweep): claim again.
    if (!held) continue;
    // Older than 24 h is a new key; no answer is a claim left by an earlier version of the kit,
    // whose process is gone (claims now commit with their answer): both are taken over.
    if (held.expired || held.status === null) {
      await tx`
        delete from idempotency_keys where user_id = ${gate.userId} and key = ${gate.key.key}
          and (status is null or created_at < now() - make_interval(hours => ${ttlHours}))`;
      continue;
    }
    if (!held.fingerprint.equals(gate.key.fingerprint)) return { kind: 'mismatch' };
    return { kind: 'replay', answer: { status: held.status, headers: held.responseHeaders ?? [], body: new Uint8Array(held.responseBody ?? []) } };
  }
};

/**
 * The last statement before COMMIT, one round trip: keeps the answer on the key claimed by
 * `openGate` (none without a key) and takes the user's write token. Returns the tokens left:
 * below zero means concurrent writes used them up, and the caller rolls back.
 */
export const finishWrite = async (tx: Tx, userId: string, key: string | null, answer: StoredAnswer, limit: WriteRateLimit): Promise<number> => {
  const [row] = key
    ? await tx<{ tokens: number; kept: boolean }[]>`
        with taken as (${takeToken(tx, userId, limit)}),
        kept as (
          update idempotency_keys
          set status = ${answer.status}, response_headers = ${tx.json(answer.headers)}, response_body = ${Buffer.from(answer.body)}, completed_at = now()
          where user_id = ${userId} and key = ${key}
          returning 1
        )
        select tokens, exists (select 1 from kept) as kept from taken`
    : await tx<{ tokens: number; kept: boolean }[]>`with taken as (${takeToken(tx, userId, limit)}) select tokens, true as kept from taken`;
  if (!row?.kept) throw new Error('idempotency: the claimed key was not found to keep its answer');
  return row.tokens;
};

/**
 * Keeps an answer that no transaction kept (a client error: a route validator's 400, or a
 * refusal that rolled the write back), so a repeat replays it; charges the user's write token
 * (never refusing: the answer is already given). Does nothing if the key is held meanwhile.
 */
export const keepAnswerAfter = async (sql: Sql, ref: KeyRef, fingerprint: Buffer, answer: StoredAnswer, limit: WriteRateLimit): Promise<void> => {
  await sql`
    with taken as (${takeToken(sql, ref.userId, limit, { floor: true })})
    insert into idempotency_keys (user_id, key, fingerprint, claim, status, response_headers, response_body, completed_at)
    values (${ref.userId}, ${ref.key}, ${fingerprint}, ${randomUUID()}, ${answer.status}, ${sql.json(answer.headers)}, ${Buffer.from(answer.body)}, now())
    on conflict (user_id, key) do nothing`;
};

/** Charges the user's write token for a write without a key that did database work and was refused. */
export const chargeWrite = async (db: Db, userId: string, limit: WriteRateLimit): Promise<void> => {
  await db`with taken as (${takeToken(db, userId, limit, { floor: true })}) select 1`;
};

/** Deletes every key older than 24 hours; returns how many. */
export const deleteExpiredKeys = async (sql: Sql): Promise<number> => {
  const result = await sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${ttlHours})`;
  return result.count;
};
