import type { Sql } from '../db';
import { isSessionActive } from './active-session';

/** The channel `events.publish` announces every event on (services/events owns the function). */
const EVENTS_CHANNEL = 'starforge_events';

export interface LiveSessionsOptions {
  /** A session seen live is trusted this long, then asked again. Default 60 s. */
  maxAgeMs?: number;
  /** At most this many sessions are remembered; the oldest go first. */
  capacity?: number;
}

/**
 * The sessions this process has seen live in `auth.active_sessions`, so a request whose token's
 * session is known live needs no round trip of its own for the session check. Revocation stays
 * immediate because every way a session ends (sign-out, a reused refresh token) publishes
 * `session.ended` in the transaction that ends it, and this process LISTENs on that channel:
 *
 * - the notification drops the session here about a millisecond after the sign-out commits, so
 *   reads are refused from then on;
 * - a write that moves money confirms the session again inside its own transaction (the
 *   idempotency gate), so a revocation that commits before that write is caught exactly;
 * - a lookup that raced a `session.ended` is not remembered (`mark`), nothing is trusted before
 *   LISTEN is in place, everything is forgotten each time LISTEN is (re)established (postgres.js
 *   re-listens after a lost connection; what was announced meanwhile is unknown), and an entry
 *   is asked again after `maxAgeMs` at the latest, which bounds a connection lost unnoticed.
 */
export class LiveSessions {
  private readonly seen = new Map<string, number>();
  private listening = false;
  private starting: Promise<unknown> | null = null;
  /** Bumped by every `session.ended` and every (re)listen. */
  private ended = 0;
  private readonly maxAgeMs: number;
  private readonly capacity: number;

  constructor(
    private readonly sql: Sql,
    options: LiveSessionsOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.capacity = options.capacity ?? 100_000;
  }

  /** Whether the session is known live without asking the database. */
  knows(sessionId: string, now = Date.now()): boolean {
    this.start();
    if (!this.listening) return false;
    const at = this.seen.get(sessionId);
    if (at === undefined) return false;
    if (now - at > this.maxAgeMs) {
      this.seen.delete(sessionId);
      return false;
    }
    return true;
  }

  /** Known live, or asked in the database (one query; a live answer is remembered). */
  async check(user: { id: string; sessionId: string }): Promise<boolean> {
    return this.knows(user.sessionId) || this.ask(user);
  }

  /** Asked in the database whatever the set knows (one query; a live answer is remembered). */
  async ask(user: { id: string; sessionId: string }): Promise<boolean> {
    const mark = this.mark;
    const live = await isSessionActive(this.sql, user);
    if (live) this.confirmed(user.sessionId, mark);
    return live;
  }

  /** Take before a lookup made elsewhere (inside a transaction); hand it to `confirmed` after. */
  get mark(): number {
    return this.ended;
  }

  /** The database said live in a lookup that began at `mark`: remember it, unless a session ended meanwhile. */
  confirmed(sessionId: string, mark: number): void {
    if (!this.listening || mark !== this.ended) return;
    this.seen.delete(sessionId);
    if (this.seen.size >= this.capacity) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    this.seen.set(sessionId, Date.now());
  }

  /** The session ended (its event, or a lookup that found it gone). */
  forget(sessionId: string): void {
    this.seen.delete(sessionId);
    this.ended++;
  }

  /** Resolves once LISTEN is in place (tests wait for it; requests never do). */
  ready(): Promise<unknown> {
    this.start();
    return this.starting ?? Promise.resolve();
  }

  private start(): void {
    this.starting ??= this.sql
      .listen(
        EVENTS_CHANNEL,
        (payload) => this.onNotify(payload),
        () => this.onListen(),
      )
      .catch((error: unknown) => {
        console.error('live sessions: LISTEN failed; every session check asks the database', error);
        this.starting = null;
      });
  }

  private onListen(): void {
    this.seen.clear();
    this.ended++;
    this.listening = true;
  }

  private onNotify(payload: string): void {
    // Cheap test first: most events are not about sessions.
    if (!payload.includes('session.ended')) return;
    try {
      const event = JSON.parse(payload) as { type?: unknown; data?: { sessionId?: unknown } };
      if (event.type === 'session.ended' && typeof event.data?.sessionId === 'string') this.forget(event.data.sessionId);
    } catch {
      // Not an event: nothing to forget.
    }
  }
}

const bySql = new WeakMap<Sql, LiveSessions>();

/** The process's one set for this pool (one LISTEN however many routers ask). */
export const liveSessionsOf = (sql: Sql): LiveSessions => {
  let sessions = bySql.get(sql);
  if (!sessions) {
    sessions = new LiveSessions(sql);
    bySql.set(sql, sessions);
  }
  return sessions;
};
