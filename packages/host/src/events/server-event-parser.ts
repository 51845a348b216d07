import { createParser } from 'eventsource-parser';
import { eventIdInCursor, STREAM_END_EVENT, STREAM_OPEN_EVENT, type ServerEvent, type StreamEndReason, type StreamOpenData } from '@starforge/contracts/shared';

export interface ServerEventParserCallbacks {
  /**
   * A stored event (it has an id): hand it to subscribers and remember `cursor` (the SSE id,
   * the stream's position) as the next Last-Event-ID. `event.id` is the event's own id.
   */
  onEvent: (event: ServerEvent, cursor: string) => void;
  /** The stream is live: any replay is done. */
  onOpen: (data: StreamOpenData) => void;
  /** The server is about to close the stream, and says why. */
  onEnd: (reason: StreamEndReason) => void;
}

export interface ServerEventParser {
  /** Feeds bytes as they arrive; a message may span chunks. */
  feed: (chunk: Uint8Array) => void;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Reads the events service's stream (see EVENTS_STREAM_PATH): `stream.open` and `stream.end`
 * are the stream's own messages; anything with an id is an event for subscribers (user or
 * public: they differ only in who receives them). Messages
 * that are not ours (no id, unknown control, bad JSON) are ignored rather than thrown.
 */
export const createServerEventParser = (callbacks: ServerEventParserCallbacks): ServerEventParser => {
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent: (message) => {
      const data = parseJson(message.data);
      if (message.event === STREAM_OPEN_EVENT) return callbacks.onOpen((data as StreamOpenData | undefined) ?? { replayed: 0, complete: false });
      if (message.event === STREAM_END_EVENT) return callbacks.onEnd((data as { reason?: StreamEndReason } | undefined)?.reason ?? 'interrupted');
      if (message.id === undefined || message.event === undefined || data === undefined) return;
      callbacks.onEvent({ id: eventIdInCursor(message.event, message.id), type: message.event, data } as ServerEvent, message.id);
    },
  });
  return { feed: (chunk) => parser.feed(decoder.decode(chunk, { stream: true })) };
};
