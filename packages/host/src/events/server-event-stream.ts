import {
  EVENTS_STREAM_PATH,
  REALTIME_HEARTBEAT_MS,
  realtimeReconnectDelay,
  type ServerEvent,
  type ServerEventType,
  type StreamEndReason,
} from '@starforge/contracts/shared';
import { createServerEventParser } from './server-event-parser';

export type ServerEventHandler<T extends ServerEventType = ServerEventType> = (event: ServerEvent<T>) => void;

/** Called when the stream went live and events may have been missed: refetch what is shown. */
export type ServerEventGapHandler = () => void;

/** `idle`: stopped. `connecting`: opening or replaying. `open`: live. `waiting`: between tries. */
export type ServerEventStreamStatus = 'idle' | 'connecting' | 'open' | 'waiting';

export interface ServerEventStreamOptions {
  /** A current access token (refreshed when about to expire), or null when signed out. */
  getToken: () => Promise<string | null>;
  /** The server refused the token or ended the session: refresh the session (or sign out). */
  refreshSession: () => Promise<void>;
  url?: string;
  fetch?: typeof fetch;
  onStatus?: (status: ServerEventStreamStatus) => void;
}

/** How one connection ended. `opened`: it went live first (so the retry schedule starts over). */
interface Outcome {
  end: StreamEndReason | 'refused' | 'failed';
  opened: boolean;
}

/**
 * A connection that brought nothing, not even a heartbeat, for this long is taken as dead (a
 * laptop that slept, a network that changed under a half-open socket) and replaced.
 */
const SILENCE_LIMIT_MS = 2 * REALTIME_HEARTBEAT_MS + 10_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * The tab's one live event stream, read with fetch (so the access token travels in the
 * Authorization header, as for every other request, never in a URL). It reconnects after a
 * failure with spec section 9's delays (1 s, 2 s, 5 s, then 10 s), sending Last-Event-ID so
 * the server replays what was missed; when the server ends it because the token expired it
 * reconnects at once with a fresh token. Subscribers stay across reconnects.
 */
export class ServerEventStream {
  private readonly handlers = new Map<string, Set<ServerEventHandler>>();
  private readonly gapHandlers = new Set<ServerEventGapHandler>();
  private controller: AbortController | null = null;
  private lastEventId: string | null = null;
  private currentStatus: ServerEventStreamStatus = 'idle';

  constructor(private readonly options: ServerEventStreamOptions) {}

  get status(): ServerEventStreamStatus {
    return this.currentStatus;
  }

  /** Opens the stream (no-op while running). */
  start(): void {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    void this.run(controller.signal);
  }

  /** Closes the stream and forgets the last event id (the next start is a new session). */
  stop(): void {
    this.controller?.abort();
    this.controller = null;
    this.lastEventId = null;
    this.setStatus('idle');
  }

  /**
   * Calls `handler` for each event of `type` until the returned function is called: the
   * user's own events and public events alike (PublicEventMap in packages/contracts).
   */
  subscribe<T extends ServerEventType>(type: T, handler: ServerEventHandler<T>): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    const entry = handler as unknown as ServerEventHandler;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  /**
   * Calls `handler` each time the stream goes live without a complete replay: its first
   * connection (what happened before it is not replayed) and a reconnect after longer than the
   * server keeps events. A screen whose data events would update refetches it here.
   */
  onGap(handler: ServerEventGapHandler): () => void {
    this.gapHandlers.add(handler);
    return () => {
      this.gapHandlers.delete(handler);
    };
  }

  private async run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      this.setStatus('connecting');
      const outcome = await this.connect(signal);
      if (signal.aborted) return;
      if (outcome.opened) failures = 0;
      // A token that ran out is routine: the next one is already there (or fetched now).
      if (outcome.end === 'token_expired') continue;
      if (outcome.end === 'refused' || outcome.end === 'signed_out') await this.options.refreshSession().catch(() => undefined);
      if (signal.aborted) return;
      this.setStatus('waiting');
      await sleep(realtimeReconnectDelay(failures++), signal);
    }
  }

  private async connect(runSignal: AbortSignal): Promise<Outcome> {
    let opened = false;
    let end: Outcome['end'] = 'failed';
    // This connection's own abort: stop() ends it, and so does a silence past the limit.
    const connection = new AbortController();
    const signal = connection.signal;
    const abort = () => connection.abort();
    runSignal.addEventListener('abort', abort, { once: true });
    let lastHeard = Date.now();
    const watchdog = setInterval(() => {
      if (Date.now() - lastHeard > SILENCE_LIMIT_MS) connection.abort();
    }, REALTIME_HEARTBEAT_MS / 5);
    try {
      const token = await this.options.getToken();
      if (!token) return { end: 'refused', opened };
      const response = await (this.options.fetch ?? fetch)(this.options.url ?? EVENTS_STREAM_PATH, {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
          ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
        },
        cache: 'no-store',
        credentials: 'same-origin',
        signal,
      });
      if (response.status === 401) return { end: 'refused', opened };
      if (!response.ok || !response.body) return { end: 'failed', opened };
      const parser = createServerEventParser({
        onOpen: (data) => {
          opened = true;
          this.setStatus('open');
          if (!data.complete) this.notifyGap();
        },
        onEnd: (reason) => {
          end = reason;
        },
        onEvent: (event, cursor) => {
          this.lastEventId = cursor;
          this.dispatch(event);
        },
      });
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        lastHeard = Date.now();
        parser.feed(value);
      }
    } catch {
      // A network failure, a silent connection or stop(): the outcome says so.
    } finally {
      clearInterval(watchdog);
      runSignal.removeEventListener('abort', abort);
    }
    return { end, opened };
  }

  private notifyGap(): void {
    for (const handler of this.gapHandlers) {
      try {
        handler();
      } catch (error) {
        console.error('a handler of missed events failed', error);
      }
    }
  }

  private dispatch(event: ServerEvent): void {
    for (const handler of this.handlers.get(event.type) ?? []) {
      try {
        handler(event);
      } catch (error) {
        console.error(`a handler of ${event.type} failed`, error);
      }
    }
  }

  private setStatus(status: ServerEventStreamStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.options.onStatus?.(status);
  }
}
