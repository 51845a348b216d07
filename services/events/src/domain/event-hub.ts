import { REALTIME_HEARTBEAT_MS, type StreamCursor } from '@starforge/contracts/shared';
import type { AuthenticatedUser, Sql } from '@starforge/service-kit';
import { activeSessionIds, deleteExpiredEvents, eventsAfter, EVENT_RETENTION_MS, keptSince, latestCursor } from './event-store';
import { EVENTS_CHANNEL, parseStoredEvent, type StoredEvent } from './stored-event';
import { StreamConnection } from './stream-connection';

export interface EventHubOptions {
  /** Heartbeat and signed-out check interval. Default: spec section 9's 25 s. */
  heartbeatMs?: number;
  /** How often old events are deleted. Default: every minute. */
  cleanupMs?: number;
  retentionMs?: number;
  /**
   * Most events one reconnect replays. A client away longer (public events add up) starts
   * afresh instead, told `complete: false` so its screens refetch; a replay larger than the
   * stream's 1 MB send queue would end it before it was read, again at every reconnect.
   */
  maxReplay?: number;
}

const MAX_REPLAY = 2_000;

export interface OpenStream {
  user: AuthenticatedUser;
  /** From the Last-Event-ID header: replay this user's events and the public events after it. */
  lastEventId: StreamCursor | null;
  /** When the access token expires (ms since the epoch): the stream ends then. */
  expiresAtMs: number;
}

/**
 * The process's one LISTEN on `starforge_events`, fanned out in memory to the open streams of
 * each event's user, or to every open stream for a public event. Every replica runs its own hub on the same database, so N replicas serve
 * one product. Also the process's one heartbeat: every tick writes a comment to each stream
 * and asks, in one query for all of them, which sessions were signed out meanwhile.
 *
 * Nothing is lost between a replay and live delivery: a stream is registered (holding live
 * events) before its replay query runs, then both are merged by id. Nothing is lost when
 * postgres.js re-establishes the LISTEN connection either: each re-listen bumps `generation`,
 * and every live stream replays from the last id it sent.
 */
export class EventHub {
  private readonly byUser = new Map<string, Set<StreamConnection>>();
  /** Every open stream: where a public event goes. */
  private readonly all = new Set<StreamConnection>();
  /** Streams whose first replay is done; only these are covered by a resync. */
  private readonly live = new WeakSet<StreamConnection>();
  private listening: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private generation = 0;
  private timers: ReturnType<typeof setInterval>[] = [];
  private stopped = false;

  constructor(
    private readonly sql: Sql,
    private readonly options: EventHubOptions = {},
  ) {}

  /** Starts listening and the periodic work; safe to call again (it waits for the first call). */
  start(): Promise<void> {
    this.listening ??= this.listen().catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  /** How many times LISTEN was established (1 after start; more after reconnects). */
  get listens(): number {
    return this.generation;
  }

  /** How many streams are open in this process. */
  get size(): number {
    return this.all.size;
  }

  /** Opens a stream for the user; its body is the response body. */
  open({ user, lastEventId, expiresAtMs }: OpenStream): StreamConnection {
    const connection = new StreamConnection(user, lastEventId ?? { user: 0, public: 0 }, (c) => this.remove(c));
    connection.hold();
    this.all.add(connection);
    let set = this.byUser.get(user.id);
    if (!set) {
      set = new Set();
      this.byUser.set(user.id, set);
    }
    set.add(connection);
    connection.endAt(expiresAtMs);
    this.replayInto(connection, lastEventId).catch((error: unknown) => {
      console.error('[events] could not open a stream', error);
      connection.end('interrupted');
    });
    return connection;
  }

  /** Ends every stream and stops listening. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const connection of this.connections()) connection.end('interrupted');
    await this.unlisten?.().catch(() => undefined);
  }

  /** One heartbeat now: a comment to every stream, and the end of signed-out sessions' streams. */
  async beat(): Promise<void> {
    const connections = this.connections();
    for (const connection of connections) connection.heartbeat();
    const sessions = [...new Set(connections.map((c) => c.user.sessionId))];
    const active = await activeSessionIds(this.sql, sessions);
    for (const connection of connections) if (!active.has(connection.user.sessionId)) connection.end('signed_out');
  }

  private async listen(): Promise<void> {
    const { unlisten } = await this.sql.listen(
      EVENTS_CHANNEL,
      (payload) => this.onNotify(payload),
      () => this.onListen(),
    );
    this.unlisten = unlisten;
    const heartbeatMs = this.options.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
    const every = (ms: number, work: () => Promise<unknown>, what: string) => {
      const timer = setInterval(() => void work().catch((error: unknown) => console.error(`[events] ${what} failed`, error)), ms);
      timer.unref?.();
      this.timers.push(timer);
    };
    every(heartbeatMs, () => this.beat(), 'heartbeat');
    every(this.options.cleanupMs ?? 60_000, () => deleteExpiredEvents(this.sql, this.options.retentionMs ?? EVENT_RETENTION_MS), 'cleanup');
  }

  /** Called by postgres.js each time LISTEN is in place: at start and after every reconnect. */
  private onListen(): void {
    this.generation++;
    if (this.generation > 1 && !this.stopped) {
      this.resync().catch((error: unknown) => console.error('[events] resync after reconnect failed', error));
    }
  }

  private onNotify(payload: string): void {
    const event = parseStoredEvent(payload);
    if (!event) return;
    if (event.userId === null) {
      // Deleting from a Set while iterating it is safe: a stream that ends here is skipped after.
      for (const connection of this.all) connection.deliver(event);
      return;
    }
    const set = this.byUser.get(event.userId);
    if (!set) return;
    for (const connection of [...set]) connection.deliver(event);
    if (event.type === 'session.ended') {
      const sessionId = (event.data as { sessionId?: unknown }).sessionId;
      for (const connection of [...set]) if (connection.user.sessionId === sessionId) connection.end('signed_out');
    }
  }

  /**
   * The stream's first replay. If LISTEN was re-established while the query ran, events may
   * have been announced while nobody listened: ask again from where the replay got to.
   */
  private async replayInto(connection: StreamConnection, lastEventId: StreamCursor | null): Promise<void> {
    await this.start();
    const maxReplay = this.options.maxReplay ?? MAX_REPLAY;
    // Checked before the replay, so an event deleted meanwhile is still reported as missed.
    let complete = lastEventId !== null && (await keptSince(this.sql, lastEventId));
    let cursor = lastEventId;
    let replayed: StoredEvent[] = [];
    for (;;) {
      const generation = this.generation;
      if (cursor === null) {
        cursor = await latestCursor(this.sql, connection.user.id);
      } else {
        const missed = await eventsAfter(this.sql, [{ userId: connection.user.id, cursor: advanced(cursor, replayed) }], maxReplay + 1 - replayed.length);
        replayed.push(...missed);
        if (replayed.length > maxReplay) {
          // Too far behind: start from now, and let the screens refetch.
          cursor = null;
          replayed = [];
          complete = false;
          continue;
        }
      }
      if (generation === this.generation || connection.isClosed) break;
    }
    if (connection.isClosed || cursor === null) return;
    connection.cursor = advanced(connection.cursor, [], cursor);
    connection.release(replayed);
    this.live.add(connection);
    connection.opened({ replayed: replayed.length, complete });
  }

  /** After a reconnect of the LISTEN connection: every live stream replays from its cursor. */
  private async resync(): Promise<void> {
    const connections = [...this.all].filter((c) => this.live.has(c));
    for (const connection of connections) connection.hold();
    let rows: StoredEvent[];
    try {
      rows = await eventsAfter(
        this.sql,
        connections.map((c) => ({ userId: c.user.id, cursor: c.cursor })),
      );
    } catch (error) {
      // Their clients reconnect with Last-Event-ID and replay instead: never a silent gap.
      for (const connection of connections) connection.end('interrupted');
      throw error;
    }
    const byUser = new Map<string, StoredEvent[]>();
    const publicRows: StoredEvent[] = [];
    for (const row of rows) {
      if (row.userId === null) {
        publicRows.push(row);
        continue;
      }
      const list = byUser.get(row.userId);
      if (list) list.push(row);
      else byUser.set(row.userId, [row]);
    }
    // Each stream skips the public rows it already sent (at or below its public cursor).
    for (const connection of connections) connection.release([...(byUser.get(connection.user.id) ?? []), ...publicRows]);
  }

  private connections(): StreamConnection[] {
    return [...this.all];
  }

  private remove(connection: StreamConnection): void {
    this.all.delete(connection);
    const set = this.byUser.get(connection.user.id);
    set?.delete(connection);
    if (set?.size === 0) this.byUser.delete(connection.user.id);
  }
}

/** The cursor moved past the given events (each by its kind), and at least to `floor`. */
const advanced = (cursor: StreamCursor, events: StoredEvent[], floor: StreamCursor = cursor): StreamCursor => {
  const next = { user: Math.max(cursor.user, floor.user), public: Math.max(cursor.public, floor.public) };
  for (const event of events) {
    const kind = event.userId === null ? 'public' : 'user';
    next[kind] = Math.max(next[kind], event.id);
  }
  return next;
};
