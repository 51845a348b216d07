import type { Sql } from '../db';
import { ChannelListener } from './channel-listener';
import { finishedBefore, parseSnapshot, type TransactionSnapshot } from './transaction-snapshot';

export interface NotifiedCacheOptions {
  /** The channel a trigger notifies, in the writing transaction, on every change that can alter a cached value. */
  channel: string;
  /** At most this many values; the least recently used go first. */
  capacity: number;
  /** A value is loaded again after this long at the latest: the bound for changes no notification announces. */
  maxAgeMs: number;
  /** Told each notification's payload once the cache has been emptied for it (tests wait for their own change). */
  onNotify?: (payload: string) => void;
  /**
   * How long a `get` whose `seen` transaction this copy has not heard of yet waits for its
   * notification before it loads without the cache (default SEEN_WAIT_MS).
   */
  seenWaitMs?: number;
}

/** Options of one `get`. */
export interface NotifiedGetOptions {
  /**
   * The id of a committed transaction (`pg_current_xact_id()`, the notification's payload) whose
   * change the caller already knows of: the answer is never a value read before it.
   */
  seen?: string | undefined;
}

/** The default `seenWaitMs`: a notification arrives about a millisecond after its commit, later only on a busy process. */
export const SEEN_WAIT_MS = 250;

/** How many notified transaction ids a cache remembers for `seen`; an older one is waited for, then loaded past the cache. */
const HEARD_IDS = 4_096;

interface Entry<V> {
  value: V;
  /** When its load started: its data is at least this old. */
  loadedAt: number;
}

/**
 * Values read from the database, kept in this process until a notification on `channel` says the
 * data behind them changed. Every copy of a service keeps its own and LISTENs on its own
 * connection, so one change empties them all. A NOTIFY is sent on commit, so it tells about
 * committed data only; it reaches this process about a millisecond after the commit, and from then
 * on no value read before the change is served again:
 *
 * - a notification empties the cache and bumps `generation`; a load stores its value only if the
 *   generation is still the one it started in, so a value read from a snapshot older than the
 *   last notification is never kept (a search in flight while a change commits answers its own
 *   request and nothing else);
 * - concurrent misses of one key in one generation share a single load;
 * - nothing is served or stored until LISTEN is in place, nor from the moment its connection is
 *   lost until it is in place again (then the cache starts empty): what was notified meanwhile
 *   is unknown;
 * - a value is loaded again after `maxAgeMs` at the latest, for what no notification covers (data
 *   another domain owns, a connection lost without a word) and bounded to `capacity` values.
 */
export class NotifiedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, { generation: number; value: Promise<V> }>();
  private readonly listener: ChannelListener;
  private listening = false;
  private changes = 0;
  /** The transaction ids notified lately, oldest first. */
  private readonly heard = new Set<string>();
  /** The transactions finished when LISTEN was last put in place (their notifications were not heard, nor needed). */
  private listenedAt: TransactionSnapshot | null = null;
  /** The gets waiting for a transaction's notification, by its id. */
  private readonly waiting = new Map<string, { heard: Promise<void>; wake: () => void }>();

  constructor(
    sql: Sql,
    private readonly options: NotifiedCacheOptions,
  ) {
    this.listener = new ChannelListener(sql, options.channel, {
      notify: (payload) => {
        this.clear();
        this.hear(payload);
        options.onNotify?.(payload);
      },
      listening: (snapshot) => {
        this.clear();
        this.listenedAt = parseSnapshot(snapshot);
        this.listening = true;
      },
      lost: () => {
        this.listening = false;
        this.clear();
        this.wakeAll();
      },
    });
  }

  /** Bumped by every notification, every (re)listen and every lost connection (tests wait on it). */
  get generation(): number {
    return this.changes;
  }

  /** Whether values are kept now: LISTEN is in place. */
  get enabled(): boolean {
    return this.listening;
  }

  /** How many values are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** The listening backend's process id (tests stop it to hold this copy's notifications back). */
  listenerPid(): Promise<number | null> {
    return this.listener.backendPid();
  }

  /** Starts listening (the first `get` does it too). */
  start(): void {
    this.listener.start();
  }

  /** Stops listening and closes its connection; every later `get` loads. */
  async stop(): Promise<void> {
    this.listening = false;
    this.clear();
    this.wakeAll();
    await this.listener.stop();
  }

  /**
   * The kept value of `key`, or `load()`'s (kept when no change was notified while it ran). With
   * `seen`, a kept value is served only once this copy has heard that transaction's notification
   * (every value kept then was read after it); until then the get waits for it, at most
   * `seenWaitMs`, and then loads without keeping or sharing.
   */
  async get(key: string, load: () => Promise<V>, { seen }: NotifiedGetOptions = {}): Promise<V> {
    this.start();
    if (!this.listening) return load();
    if (seen !== undefined && !this.hasHeard(seen)) {
      await this.heardOf(seen);
      if (!this.listening || !this.hasHeard(seen)) return load();
    }
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      if (now - entry.loadedAt < this.options.maxAgeMs) {
        // Most recently used: last in the map's order.
        this.entries.set(key, entry);
        return entry.value;
      }
    }
    const generation = this.changes;
    const pending = this.loading.get(key);
    if (pending?.generation === generation) return pending.value;
    const value = load();
    this.loading.set(key, { generation, value });
    try {
      const loaded = await value;
      if (this.listening && generation === this.changes) this.store(key, { value: loaded, loadedAt: now });
      return loaded;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }

  private store(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    if (this.entries.size >= this.options.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }

  private clear(): void {
    this.changes++;
    this.entries.clear();
  }

  /** Whether every value kept now was read after transaction `id` committed. */
  private hasHeard(id: string): boolean {
    return this.heard.has(id) || (this.listenedAt !== null && finishedBefore(this.listenedAt, id));
  }

  private hear(id: string): void {
    this.heard.delete(id);
    this.heard.add(id);
    if (this.heard.size > HEARD_IDS) {
      const oldest = this.heard.values().next().value;
      if (oldest !== undefined) this.heard.delete(oldest);
    }
    this.wake(id);
  }

  /**
   * Resolves when transaction `id`'s notification is heard, the connection is lost or stopped, or
   * `seenWaitMs` after the first get that waited for it (the gets waiting for one id share it).
   */
  private heardOf(id: string): Promise<void> {
    const waiting = this.waiting.get(id);
    if (waiting) return waiting.heard;
    let resolve = () => {};
    const heard = new Promise<void>((done) => {
      resolve = done;
    });
    const timer = setTimeout(() => this.wake(id), this.options.seenWaitMs ?? SEEN_WAIT_MS);
    this.waiting.set(id, {
      heard,
      wake: () => {
        clearTimeout(timer);
        resolve();
      },
    });
    return heard;
  }

  private wake(id: string): void {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    waiting?.wake();
  }

  private wakeAll(): void {
    for (const id of [...this.waiting.keys()]) this.wake(id);
  }
}
