import {
  formatStreamCursor,
  STREAM_END_EVENT,
  STREAM_OPEN_EVENT,
  type StreamCursor,
  type StreamEndReason,
  type StreamOpenData,
} from '@starforge/contracts/shared';
import type { AuthenticatedUser } from '@starforge/service-kit';
import type { StoredEvent } from './stored-event';

const encoder = new TextEncoder();

/** Bytes a client may fall behind by before its stream is ended (it reconnects and replays). */
const MAX_QUEUED_BYTES = 1024 * 1024;

/**
 * One open stream: a user's tab, receiving its user's events and public events. Everything it
 * sends goes through `deliver`, synchronously, so events leave in the order they were handed
 * over. While `held` (its first replay, or a resync after the listening connection came
 * back), live events wait; `release` merges them with the replayed rows and sends each id
 * once, in id order.
 *
 * It keeps one cursor per kind (user, public): each kind commits in id order, but a public
 * event may commit after a user event with a larger id, so it is judged against the public
 * cursor only. Every event's SSE `id:` is the pair (`<user>:<public>`), the client's
 * Last-Event-ID.
 */
export class StreamConnection {
  /** The last event id sent of each kind (or where it started): the replay point after a resync. */
  cursor: StreamCursor;
  readonly body: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private holds = 0;
  private held: StoredEvent[] = [];
  private closed = false;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly user: AuthenticatedUser,
    startAfter: StreamCursor,
    private readonly onClose: (connection: StreamConnection) => void,
  ) {
    this.cursor = { ...startAfter };
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        // The client went away (or the gateway dropped it).
        cancel: () => this.dispose(),
      },
      { highWaterMark: 16 * 1024, size: (chunk) => chunk.byteLength },
    );
    // First bytes at once, so every proxy on the way sends the headers now.
    this.write(': connected\n\n');
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Ends the stream when the token it was opened with expires (the client reconnects with a fresh one). */
  endAt(expiresAtMs: number): void {
    clearTimeout(this.expiryTimer);
    this.expiryTimer = setTimeout(() => this.end('token_expired'), Math.max(0, expiresAtMs - Date.now()));
    this.expiryTimer.unref?.();
  }

  /** A live event: sent now, or kept until the running replay is released. */
  deliver(event: StoredEvent): void {
    if (this.closed) return;
    if (this.holds > 0) this.held.push(event);
    else this.send(event);
  }

  /** Live events wait from now until `release`. */
  hold(): void {
    this.holds++;
  }

  /** Sends the replayed rows and the live events that waited, each id once, in id order. */
  release(replayed: StoredEvent[]): void {
    this.held.push(...replayed);
    this.holds = Math.max(0, this.holds - 1);
    if (this.holds > 0) return;
    const waiting = this.held.sort((a, b) => a.id - b.id);
    this.held = [];
    for (const event of waiting) this.send(event);
  }

  /** Tells the client the stream is live (after its replay). */
  opened(data: StreamOpenData): void {
    this.write(`event: ${STREAM_OPEN_EVENT}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  heartbeat(): void {
    this.write(': heartbeat\n\n');
  }

  /** Tells the client why, and closes the stream. */
  end(reason: StreamEndReason): void {
    if (this.closed) return;
    // The last words are queued even past the limit: the stream is closing anyway.
    this.controller.enqueue(encoder.encode(`event: ${STREAM_END_EVENT}\ndata: ${JSON.stringify({ reason })}\n\n`));
    this.dispose();
    try {
      this.controller.close();
    } catch {
      // Already cancelled by the client.
    }
  }

  private send(event: StoredEvent): void {
    // Ids of each kind arrive in increasing order; anything not above that kind's last one was sent.
    const kind = event.userId === null ? 'public' : 'user';
    if (event.id <= this.cursor[kind]) return;
    this.cursor[kind] = event.id;
    event.encoded ??= encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    // One chunk, so one socket write per event. The id line is ASCII (digits and a colon), so
    // it is copied char by char: several times faster than a TextEncoder call for a short
    // string, which counts when a public event goes to every stream.
    const id = `id: ${formatStreamCursor(this.cursor)}\n`;
    const chunk = new Uint8Array(id.length + event.encoded.byteLength);
    for (let i = 0; i < id.length; i++) chunk[i] = id.charCodeAt(i);
    chunk.set(event.encoded, id.length);
    this.enqueue(chunk);
  }

  private write(text: string): void {
    this.enqueue(encoder.encode(text));
  }

  private enqueue(chunk: Uint8Array): void {
    if (this.closed) return;
    if ((this.controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) {
      this.end('interrupted');
      return;
    }
    this.controller.enqueue(chunk);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.expiryTimer);
    this.held = [];
    this.onClose(this);
  }
}
