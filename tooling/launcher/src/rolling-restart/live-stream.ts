import { STREAM_END_EVENT, STREAM_OPEN_EVENT } from '@starforge/contracts/shared';

export interface StreamEvent {
  id: string | undefined;
  type: string;
  data: unknown;
}

/**
 * One user's live event stream read the way the browser client reads it: fetch with the access
 * token in a header, and whenever the stream ends (the server says `stream.end`, or the connection
 * drops: a copy of the events service drained or died) it reconnects at once, through the
 * gateway, with the last id as Last-Event-ID, so the replay fills the gap.
 */
export class LiveStream {
  /** Every event with an id, in arrival order (replays included: a doubled event shows twice). */
  readonly events: StreamEvent[] = [];
  /** Reconnections, and why (for the test's report). */
  readonly reconnects: string[] = [];
  /** `stream.open` events that said events may have been missed (`complete: false`) after the first. */
  readonly incomplete: number[] = [];
  private lastId: string | undefined;
  private readonly abort = new AbortController();
  private opened = 0;
  private running: Promise<void> | undefined;
  private onOpen: (() => void) | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    /** Called with each event that has an id, as it arrives (a benchmark times them). */
    private readonly onEvent?: (event: StreamEvent) => void,
  ) {}

  /** Connects; resolves once the first `stream.open` arrived (the stream is live). */
  start(): Promise<void> {
    const open = new Promise<void>((resolve) => {
      this.onOpen = resolve;
    });
    this.running = this.loop();
    return open;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.abort.signal.aborted) {
      try {
        const why = await this.readOnce();
        this.reconnects.push(why);
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.reconnects.push(`error: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  private async readOnce(): Promise<string> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, accept: 'text/event-stream' };
    if (this.lastId) headers['last-event-id'] = this.lastId;
    const res = await fetch(`${this.baseUrl}/api/events/stream`, { headers, signal: this.abort.signal });
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return `status ${res.status}`;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parseBlock(block);
        if (event) {
          const why = this.take(event);
          if (why) return why;
        }
        end = buffer.indexOf('\n\n');
      }
    }
    return 'connection closed';
  }

  /** Records an event; returns why the stream ends when it is `stream.end`. */
  private take(event: StreamEvent): string | undefined {
    if (event.type === STREAM_OPEN_EVENT) {
      const complete = (event.data as { complete?: boolean } | null)?.complete;
      if (this.opened > 0 && complete === false) this.incomplete.push(this.opened);
      this.opened += 1;
      this.onOpen?.();
      return undefined;
    }
    if (event.type === STREAM_END_EVENT) return `stream.end ${JSON.stringify(event.data)}`;
    if (event.id) {
      this.lastId = event.id;
      this.events.push(event);
      this.onEvent?.(event);
    }
    return undefined;
  }
}

const parseBlock = (block: string): StreamEvent | undefined => {
  let id: string | undefined;
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0 && !id && type === 'message') return undefined;
  const text = data.join('\n');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: kept as text
  }
  return { id, type, data: parsed };
};
