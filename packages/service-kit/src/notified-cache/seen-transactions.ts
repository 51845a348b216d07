import { randomUUID } from 'node:crypto';
import type { Sql } from '../db';
import { finishedBefore, parseSnapshot, type TransactionSnapshot } from './transaction-snapshot';

/** How many notified transaction ids are remembered; an older one costs a probe. */
const HEARD_IDS = 4_096;

/** A payload a cache sends itself (never a trigger's: theirs are transaction ids, digits only). */
const PROBE_PREFIX = 'probe:';

interface Waiter {
  seen: string;
  /** Settles the wait: `covered` when everything committed before the get arrived has been heard. */
  done: (covered: boolean) => void;
}

/**
 * What a `NotifiedCache` knows of the transactions a client names (`seen`): whether every value it
 * keeps was read after that transaction committed. It was if the transaction's notification was
 * heard (each one empties the cache), or it had finished when LISTEN was last put in place. Else
 * a get waits until one of these comes, whichever first:
 *
 * - the transaction's own notification;
 * - a probe: a notification the cache sends itself on its channel once the get has arrived.
 *   PostgreSQL delivers notifications in commit order, and the named transaction committed
 *   before the client could name it (the client heard of it from its public event), so once the
 *   probe is heard every notification that transaction sent has been heard too. A transaction
 *   that notified nothing changed nothing a value depends on (the trigger's promise), so the
 *   cache is then as good as after a notification. A probe is shared only by the gets that
 *   arrived before it was sent, so an id a client made up never vouches for another's wait;
 * - the bound `waitMs` (a probe lost with its connection), or the connection lost: not covered.
 */
export class SeenTransactions {
  private readonly heard = new Set<string>();
  private listenedAt: TransactionSnapshot | null = null;
  private readonly waiters = new Set<Waiter>();
  /** The gets the next probe will cover: it is sent at the end of the current turn. */
  private nextProbe: Waiter[] | null = null;
  private readonly probes = new Map<string, Waiter[]>();
  private readonly probeTag = `${PROBE_PREFIX}${randomUUID()}:`;
  private probesSent = 0;

  constructor(
    private readonly sql: Sql,
    private readonly channel: string,
    private readonly waitMs: number,
  ) {}

  /** Whether every value kept now was read after transaction `id` committed. */
  has(id: string): boolean {
    return this.heard.has(id) || (this.listenedAt !== null && finishedBefore(this.listenedAt, id));
  }

  /** Whether a notification's payload is a probe (a cache's own, this one's or another copy's): it announces no change. */
  isProbe(payload: string): boolean {
    if (!payload.startsWith(PROBE_PREFIX)) return false;
    const covered = this.probes.get(payload);
    this.probes.delete(payload);
    for (const waiter of covered ?? []) waiter.done(true);
    return true;
  }

  /** A change's notification, heard after the cache was emptied for it. */
  notified(id: string): void {
    this.heard.delete(id);
    this.heard.add(id);
    if (this.heard.size > HEARD_IDS) {
      const oldest = this.heard.values().next().value;
      if (oldest !== undefined) this.heard.delete(oldest);
    }
    for (const waiter of [...this.waiters]) if (waiter.seen === id) waiter.done(true);
  }

  /** LISTEN is in place again (`snapshot`: taken right after it). */
  listening(snapshot: string): void {
    this.listenedAt = parseSnapshot(snapshot);
  }

  /** The connection is lost or stopped: every wait ends uncovered, and the probes sent on it are forgotten. */
  lost(): void {
    this.probes.clear();
    for (const waiter of [...this.waiters]) waiter.done(false);
  }

  /** Resolves true once transaction `seen` is covered (see the class), false if not within `waitMs` or the connection is lost. */
  covered(seen: string): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        seen,
        done: (covered) => {
          if (!this.waiters.delete(waiter)) return;
          clearTimeout(timer);
          resolve(covered);
        },
      };
      const timer = setTimeout(() => waiter.done(false), this.waitMs);
      this.waiters.add(waiter);
      this.probeFor(waiter);
    });
  }

  private probeFor(waiter: Waiter): void {
    if (!this.nextProbe) {
      const batch: Waiter[] = [];
      this.nextProbe = batch;
      queueMicrotask(() => {
        this.nextProbe = null;
        const payload = `${this.probeTag}${++this.probesSent}`;
        this.probes.set(payload, batch);
        this.sql`select pg_notify(${this.channel}, ${payload})`.catch((error: unknown) => {
          this.probes.delete(payload);
          console.error(`probe on ${this.channel} failed`, error);
        });
      });
    }
    this.nextProbe.push(waiter);
  }
}
