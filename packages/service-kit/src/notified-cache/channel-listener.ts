import postgres from 'postgres';
import type { Sql } from '../db';

export interface ChannelHandlers {
  /** A notification on the channel (its payload). */
  notify: (payload: string) => void;
  /**
   * LISTEN is in place: at the start, and again after every lost connection. `snapshot` is
   * `pg_current_snapshot()` taken just after LISTEN: a transaction it sees committed before
   * notifications were heard, every later one notifies this connection.
   */
  listening: (snapshot: string) => void;
  /** The connection is gone: notifications sent from now until `listening` are never heard. */
  lost: () => void;
}

/** How long a failed LISTEN waits before it is tried again (postgres.js adds its own backoff to the connect). */
const RETRY_MS = 1_000;

/**
 * LISTEN on one channel over a connection of its own, which says when it is lost as well as when
 * it is (re)established. postgres.js's `sql.listen` tells only the second (its `onlisten`, after
 * it has quietly reconnected), so what was notified in between is lost without a word; a process
 * that trusts a copy of the data for as long as no notification says otherwise needs the first
 * too. The connection is made from the service pool's own settings, as `sql.listen` makes its
 * own, so it costs one connection per process and nothing per request.
 */
export class ChannelListener {
  private connection: Sql | null = null;
  /** Bumped by every close, so a LISTEN that succeeded on a connection lost meanwhile is not believed. */
  private closes = 0;
  private retrying = false;
  private stopped = false;

  constructor(
    private readonly sql: Sql,
    private readonly channel: string,
    private readonly handlers: ChannelHandlers,
  ) {}

  /** Opens the connection and listens (once; later calls do nothing). */
  start(): void {
    if (this.connection || this.stopped) return;
    // The pool's parsed settings, passed back as they are (postgres.js builds `sql.listen`'s
    // connection the same way), with one connection that never idles out or retires.
    const options = {
      ...this.sql.options,
      max: 1,
      idle_timeout: null,
      max_lifetime: null,
      fetch_types: false,
      connection: { ...this.sql.options.connection, application_name: `${this.sql.options.connection.application_name ?? 'starforge'}-listen` },
      onnotify: (channel: string, payload: string) => {
        if (channel === this.channel && !this.stopped) this.handlers.notify(payload);
      },
      onclose: () => {
        this.closes++;
        if (this.stopped) return;
        this.handlers.lost();
        this.listen();
      },
    };
    this.connection = postgres(options as unknown as postgres.Options<Record<string, postgres.PostgresType>>);
    this.listen();
  }

  /** The backend's process id while listening (tests end it to play a lost connection). */
  async backendPid(): Promise<number | null> {
    if (!this.connection) return null;
    const [row] = await this.connection<{ pid: number }[]>`select pg_backend_pid() as pid`;
    return row?.pid ?? null;
  }

  /** Stops listening and closes the connection; `lost` is not called for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.connection?.end({ timeout: 0 });
  }

  private listen(): void {
    if (this.retrying || this.stopped || !this.connection) return;
    this.retrying = true;
    const attempt = () => {
      if (this.stopped || !this.connection) return;
      const closes = this.closes;
      // The channel is the caller's constant, quoted as an identifier (not the pool's column transform).
      const connection = this.connection;
      connection
        .unsafe(`listen "${this.channel.replaceAll('"', '""')}"`)
        .then(async () => {
          const [row] = await connection.unsafe<{ snapshot: string }[]>('select pg_current_snapshot()::text as snapshot');
          if (!row) throw new Error('pg_current_snapshot() returned nothing');
          return row.snapshot;
        })
        .then(
          (snapshot) => {
            // Lost again before the answer was read: listen on the next connection instead.
            if (this.closes !== closes) return void setTimeout(attempt, 0);
            this.retrying = false;
            if (!this.stopped) this.handlers.listening(snapshot);
          },
          (error: unknown) => {
            if (this.stopped) return;
            console.error(`LISTEN ${this.channel} failed; trying again`, error);
            setTimeout(attempt, RETRY_MS).unref();
          },
        );
    };
    attempt();
  }
}
