import type { ServerEventType } from '@starforge/contracts/shared';

/** What a live resource refetches on: the page's event stream (or a stand-in in tests). */
export interface LiveEventSource {
  subscribe(type: ServerEventType, handler: () => void): () => void;
  onGap(handler: () => void): () => void;
}

/** Why a resource is read this time. */
export interface LiveRead {
  /**
   * This tab has just changed what the resource shows (a claim from the list): ask past the
   * server's caches (`Cache-Control: no-cache`, `liveReadInit`), whose copy may not have heard
   * the change yet. False for a first read, another user's event and a gap.
   */
  fresh: boolean;
}

/** A GET's init for `read`: `Cache-Control: no-cache` when it is `fresh` (the services' caches honour it). */
export const liveReadInit = (read: LiveRead): RequestInit => (read.fresh ? { method: 'GET', headers: { 'Cache-Control': 'no-cache' } } : { method: 'GET' });

/** How to read one resource and which live events make it stale. */
export interface LiveResourceSpec<T> {
  /** Names the resource: watchers with the same key share its data and its one request. */
  key: string;
  load: (read: LiveRead) => Promise<T>;
  /** Events after which the resource is read again (besides a gap in the stream). */
  events: readonly ServerEventType[];
}

/**
 * A resource as a screen sees it. `data` is the last good answer, kept while a refetch runs
 * and after a refetch fails, so a screen never blanks what it already showed.
 */
export interface LiveResourceState<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | undefined;
  error: unknown;
}

interface Entry {
  state: LiveResourceState<unknown>;
  load: (read: LiveRead) => Promise<unknown>;
  listeners: Set<() => void>;
  inFlight: boolean;
  /** Something made the data stale while a request was running: read again after it. */
  stale: boolean;
  /** The next read follows this tab's own change (`LiveRead.fresh`). */
  fresh: boolean;
  scheduled: boolean;
  /** Moves on at each clear(), so an answer asked for before it is dropped. */
  generation: number;
  unsubscribe: (() => void) | null;
}

const initialState: LiveResourceState<never> = { status: 'loading', data: undefined, error: undefined };

/**
 * Resources read over HTTP and kept fresh by live events instead of polling. For each key there
 * is at most one request in flight, however many widgets watch it; the events of a key are
 * subscribed once, while someone watches it. Several triggers in one tick (three widgets
 * mounting, an event and a gap) make one request; a trigger while a request runs makes exactly
 * one more after it, because the running one may have read before the change was committed.
 */
export class LiveResources {
  private readonly entries = new Map<string, Entry>();
  /** Whether reads may be sent: the host keeps it false while nobody is signed in. */
  private readable = true;

  constructor(private readonly source: LiveEventSource) {}

  /**
   * Opens or closes the gate every read passes. Closed, a read that falls due (a watch, an
   * event, a gap, a refetch) waits, stale, and nothing is sent; opening sends what waits for a
   * watcher. Because a widget still on screen at sign-out would otherwise read without a
   * session (and be refused) in the moment before the guard leaves its screen.
   */
  setReadable(readable: boolean): void {
    if (readable === this.readable) return;
    this.readable = readable;
    if (!readable) return;
    for (const [key, entry] of this.entries) if (entry.stale && entry.listeners.size > 0) this.refetch(key);
  }

  /** The current state of `key` (loading when nobody has read it yet). */
  snapshot<T>(key: string): LiveResourceState<T> {
    return (this.entries.get(key)?.state ?? initialState) as LiveResourceState<T>;
  }

  /**
   * Starts watching a resource: reads it (again, if it was read before: what is kept shows
   * meanwhile), and refetches it on its events and on gaps until the returned function is called.
   */
  watch<T>(spec: LiveResourceSpec<T>, listener: () => void): () => void {
    const entry = this.entry(spec);
    entry.listeners.add(listener);
    if (!entry.unsubscribe) {
      const refetch = () => this.refetch(spec.key);
      const offs = [...spec.events.map((type) => this.source.subscribe(type, refetch)), this.source.onGap(refetch)];
      entry.unsubscribe = () => {
        for (const off of offs) off();
      };
      this.refetch(spec.key);
    }
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size === 0) {
        entry.unsubscribe?.();
        entry.unsubscribe = null;
      }
    };
  }

  /**
   * Reads `key` again soon (coalesced with other triggers in the same tick); `fresh` after this
   * tab's own change, which the next read carries whatever else triggers it.
   */
  refetch(key: string, { fresh = false }: { fresh?: boolean } = {}): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.stale = true;
    if (fresh) entry.fresh = true;
    if (entry.scheduled) return;
    entry.scheduled = true;
    queueMicrotask(() => {
      entry.scheduled = false;
      this.flush(entry);
    });
  }

  /** Forgets every resource's data (another user signed in, or nobody). */
  clear(): void {
    for (const [key, entry] of this.entries) {
      entry.generation++;
      entry.state = initialState;
      this.notify(entry);
      if (entry.listeners.size > 0) this.refetch(key);
      else this.entries.delete(key);
    }
  }

  private entry(spec: LiveResourceSpec<unknown>): Entry {
    let entry = this.entries.get(spec.key);
    if (!entry) {
      entry = {
        state: initialState,
        load: spec.load,
        listeners: new Set(),
        inFlight: false,
        stale: false,
        fresh: false,
        scheduled: false,
        generation: 0,
        unsubscribe: null,
      };
      this.entries.set(spec.key, entry);
    }
    entry.load = spec.load;
    return entry;
  }

  private flush(entry: Entry): void {
    if (entry.inFlight || !entry.stale || !this.readable) return;
    entry.stale = false;
    entry.inFlight = true;
    const read: LiveRead = { fresh: entry.fresh };
    entry.fresh = false;
    const generation = entry.generation;
    let request: Promise<unknown>;
    try {
      request = entry.load(read);
    } catch (error) {
      request = Promise.reject(error);
    }
    request.then(
      (data) => this.settle(entry, generation, { status: 'ready', data, error: undefined }),
      (error: unknown) => this.settle(entry, generation, { status: 'error', data: entry.state.data, error }),
    );
  }

  private settle(entry: Entry, generation: number, state: LiveResourceState<unknown>): void {
    entry.inFlight = false;
    // clear() ran meanwhile: this answer may be the previous user's, so it is dropped.
    if (generation === entry.generation) {
      entry.state = state;
      this.notify(entry);
    }
    this.flush(entry);
  }

  private notify(entry: Entry): void {
    for (const listener of entry.listeners) listener();
  }
}
