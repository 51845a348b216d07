import { createParser } from 'eventsource-parser';

export interface ReceivedEvent {
  id: string | undefined;
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
  /** The events that carry ids (the stored ones), in arrival order. */
  stored: () => ReceivedEvent[];
}

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
      events.push({ id: message.id, event: message.event, data: JSON.parse(message.data) as unknown });
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
    stored: () => events.filter((e) => e.id !== undefined),
  };
};
