import type { Sql } from '../db';
import { ChannelListener } from './channel-listener';
import { SeenTransactions } from './seen-transactions';

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
   * How long at most a `get` whose `seen` transaction this copy cannot vouch for yet waits (for
   * that notification or its own probe) before it loads past the cache (default SEEN_WAIT_MS).
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
  /**
   * The caller has just changed what the value depends on (its own write: a claim, a purchase)
   * and this copy may not have heard its notification yet: load now, past the kept value and any
   * load already under way, and keep the answer for the next gets.
   */
  fresh?: boolean | undefined;
}

/**
 * Whether a request asks past every cache (`Cache-Control: no-cache`), as the browser sends it
 * when it reads a list again after its own change.
 */
export const asksFresh = (cacheControl: string | undefined): boolean => /(^|,)\s*no-cache\s*(,|$)/i.test(cacheControl ?? '');

/** The default `seenWaitMs`: a probe is heard a round trip and a millisecond after it is sent; this bounds a lost one. */
export const SEEN_WAIT_MS = 1_000;

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
 *   another domain owns, a connection lost without a word) and bounded to `capacity` values;
 * - a get that names a committed transaction (`seen`, from a public event the client refetches
 *   on) is never answered from before it, even in the moment before its notification arrives.
 */
export class NotifiedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, { generation: number; value: Promise<V> }>();
  private readonly listener: ChannelListener;
  private listening = false;
  private changes = 0;
  private readonly seen: SeenTransactions;

  constructor(
    sql: Sql,
    private readonly options: NotifiedCacheOptions,
  ) {
    this.seen = new SeenTransactions(sql, options.channel, options.seenWaitMs ?? SEEN_WAIT_MS);
    this.listener = new ChannelListener(sql, options.channel, {
      notify: (payload) => {
        if (this.seen.isProbe(payload)) return;
        this.clear();
        this.seen.notified(payload);
        options.onNotify?.(payload);
      },
      listening: (snapshot) => {
        this.clear();
        this.seen.listening(snapshot);
        this.listening = true;
      },
      lost: () => {
        this.listening = false;
        this.clear();
        this.seen.lost();
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
    this.seen.lost();
    await this.listener.stop();
  }

  /**
   * The kept value of `key`, or `load()`'s (kept when no change was notified while it ran). With
   * `seen`, a kept value is served only once this copy has heard every notification that
   * transaction sent (`SeenTransactions`): until then the get waits, at most `seenWaitMs`, and
   * past that loads without keeping or sharing.
   */
  async get(key: string, load: () => Promise<V>, { seen, fresh }: NotifiedGetOptions = {}): Promise<V> {
    this.start();
    if (!this.listening) return load();
    if (fresh) return this.loadAndKeep(key, load, Date.now());
    if (seen !== undefined && !this.seen.has(seen)) {
      const covered = await this.seen.covered(seen);
      if (!covered || !this.listening) return load();
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
    const pending = this.loading.get(key);
    if (pending?.generation === this.changes) return pending.value;
    return this.loadAndKeep(key, load, now);
  }

  /** `load()`'s value, shared with the gets that come while it runs and kept when no change was notified meanwhile. */
  private async loadAndKeep(key: string, load: () => Promise<V>, now: number): Promise<V> {
    const generation = this.changes;
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
}
