import { eventIdInCursor, isPublicEventType, STREAM_OPEN_EVENT, type StreamOpenData } from '@starforge/contracts/shared';
import { createParser } from 'eventsource-parser';

export interface ReceivedEvent {
  /** The event's own id (what publishEvent / publishPublicEvent returned); none on control messages. */
  id: string | undefined;
  /** The SSE `id:` as sent, the stream's position `<user>:<public>`: what Last-Event-ID carries. */
  cursor: string | undefined;
  event: string | undefined;
  data: unknown;
}

export interface TestStream {
  status: number;
  /** Every event received so far, control messages included. */
  events: ReceivedEvent[];
  comments: string[];
  /** Resolves with the first event (past or future) that matches, or rejects after `timeoutMs`. */
  next: (match: (e: ReceivedEvent) => boolean, timeoutMs?: number) => Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Drops the connection, as a closed tab or a network failure would. */
  close: () => void;
  /**
   * The user's own events (stored ones, with ids), in arrival order. Public events are apart:
   * test files run in parallel on one database, so another file's public events may arrive.
   */
  userEvents: () => ReceivedEvent[];
  /** The public events received, in arrival order (filter them by what the test published). */
  publicEvents: () => ReceivedEvent[];
  /**
   * Waits for `stream.open`, checks that its `replayed` counts the events that came before
   * it, and answers the replayed ids by kind.
   */
  replay: () => Promise<{ complete: boolean; user: string[]; public: string[] }>;
}

const isStored = (e: ReceivedEvent) => e.id !== undefined;
const isPublic = (e: ReceivedEvent) => isStored(e) && isPublicEventType(e.event ?? '');

/** Opens the stream over real HTTP and reads it with the same parser the browser uses. */
export const openStream = async (baseUrl: string, token: string | null, options: { lastEventId?: string } = {}): Promise<TestStream> => {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events/stream`, {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const parser = createParser({
    onEvent: (message) => {
      const id = message.id === undefined ? undefined : eventIdInCursor(message.event ?? '', message.id);
      events.push({ id, cursor: message.id, event: message.event, data: JSON.parse(message.data) as unknown });
      for (const wake of waiters) wake();
    },
    onComment: (comment) => comments.push(comment.trim()),
  });
  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Aborted by close().
    }
  })();

  const next = (match: (e: ReceivedEvent) => boolean, timeoutMs = 5_000) =>
    new Promise<ReceivedEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return {
    status: response.status,
    events,
    comments,
    next,
    ended,
    close: () => abort.abort(),
    userEvents: () => events.filter((e) => isStored(e) && !isPublic(e)),
    publicEvents: () => events.filter(isPublic),
    replay: async () => {
      const open = await next((e) => e.event === STREAM_OPEN_EVENT);
      const before = events.slice(0, events.indexOf(open)).filter(isStored);
      const { replayed, complete } = open.data as StreamOpenData;
      if (replayed !== before.length) throw new Error(`stream.open says ${replayed} replayed, but ${before.length} events came before it`);
      const ids = (list: ReceivedEvent[]) => list.map((e) => e.id ?? '');
      return { complete, user: ids(before.filter((e) => !isPublic(e))), public: ids(before.filter(isPublic)) };
    },
  };
};
