import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_RECONNECT_DELAYS_MS, realtimeReconnectDelay } from '@starforge/contracts/shared';
import { createServerEventParser } from './server-event-parser';
import { ServerEventStream } from './server-event-stream';

const encoder = new TextEncoder();

/** A response whose body the test writes to, as the server would. */
const streamingResponse = () => {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    drop: () => controller.error(new TypeError('network error')),
  };
};
const refused = () => new Response(JSON.stringify({ error: { code: 'invalid_jwt', message: 'Invalid' } }), { status: 401 });
const event = (id: number, sessionId = `s-${id}`) => `id: ${id}\nevent: session.ended\ndata: {"sessionId":"${sessionId}"}\n\n`;
/** A public event at stream position `<user>:<public>`. */
const publicEvent = (user: number, pub: number, bountyId = `b-${pub}`) =>
  `id: ${user}:${pub}\nevent: bounties.bounty_changed\ndata: {"bountyId":"${bountyId}","status":"claimed"}\n\n`;
const userEvent = (user: number, pub: number) => `id: ${user}:${pub}\nevent: session.ended\ndata: {"sessionId":"s-${user}"}\n\n`;
const OPEN = 'event: stream.open\ndata: {"replayed":0,"complete":true}\n\n';
const OPEN_AFTER_GAP = 'event: stream.open\ndata: {"replayed":0,"complete":false}\n\n';
const end = (reason: string) => `event: stream.end\ndata: {"reason":"${reason}"}\n\n`;

describe('realtimeReconnectDelay', () => {
  it('waits 1 s, 2 s, 5 s, then 10 s for every later try (spec section 9)', () => {
    expect([0, 1, 2, 3, 4, 9].map(realtimeReconnectDelay)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
    expect(REALTIME_RECONNECT_DELAYS_MS).toEqual([1_000, 2_000, 5_000, 10_000]);
  });
});

describe('createServerEventParser', () => {
  it('reads events split anywhere across chunks, and tells control messages apart', () => {
    const seen: unknown[] = [];
    const parser = createServerEventParser({
      onEvent: (e) => seen.push(e),
      onOpen: (d) => seen.push(['open', d]),
      onEnd: (r) => seen.push(['end', r]),
    });
    const text = `: connected\n\n${OPEN}${event(7)}: heartbeat\n\n${event(8)}event: stream.end\ndata: {"reason":"token_expired"}\n\n`;
    const bytes = encoder.encode(text);
    for (let i = 0; i < bytes.length; i += 5) parser.feed(bytes.slice(i, i + 5));
    expect(seen).toEqual([
      ['open', { replayed: 0, complete: true }],
      { id: '7', type: 'session.ended', data: { sessionId: 's-7' } },
      { id: '8', type: 'session.ended', data: { sessionId: 's-8' } },
      ['end', 'token_expired'],
    ]);
  });

  it('gives each event its own id by its kind, and the stream position as the cursor', () => {
    const seen: unknown[] = [];
    const parser = createServerEventParser({ onEvent: (e, cursor) => seen.push([e.id, e.type, cursor]), onOpen: () => {}, onEnd: () => {} });
    parser.feed(encoder.encode(userEvent(12, 7) + publicEvent(12, 9) + event(13)));
    expect(seen).toEqual([
      ['12', 'session.ended', '12:7'],
      ['9', 'bounties.bounty_changed', '12:9'],
      ['13', 'session.ended', '13'],
    ]);
  });

  it('ignores messages without an id or with data that is not JSON', () => {
    const seen: unknown[] = [];
    const parser = createServerEventParser({ onEvent: (e) => seen.push(e), onOpen: () => {}, onEnd: () => {} });
    parser.feed(encoder.encode('event: session.ended\ndata: {}\n\nid: 3\nevent: session.ended\ndata: not json\n\ndata: hello\n\n'));
    expect(seen).toEqual([]);
  });
});

describe('ServerEventStream', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let tokens = 0;
  const refreshSession = vi.fn(async () => {});
  const client = () => new ServerEventStream({ getToken: async () => `token-${++tokens}`, refreshSession, fetch: fetchMock, url: '/api/events/stream' });
  const headersOf = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers);

  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    refreshSession.mockClear();
    tokens = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('hands events to subscribers of their type, with the token in the Authorization header', async () => {
    const server = streamingResponse();
    fetchMock.mockResolvedValueOnce(server.response);
    const stream = client();
    const received: unknown[] = [];
    const unsubscribe = stream.subscribe('session.ended', (e) => received.push(e.data.sessionId));
    stream.start();
    server.send(OPEN + event(1) + event(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.status).toBe('open');
    expect(received).toEqual(['s-1', 's-2']);
    expect(headersOf(0).get('authorization')).toBe('Bearer token-1');
    expect(headersOf(0).get('last-event-id')).toBeNull();
    unsubscribe();
    server.send(event(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(received).toEqual(['s-1', 's-2']);
    stream.stop();
  });

  it('reconnects after failures at 1 s, 2 s, 5 s, 10 s, 10 s, and starts over once it was live', async () => {
    const times: number[] = [];
    const started = Date.now();
    fetchMock.mockImplementation(async () => {
      times.push(Date.now() - started);
      throw new TypeError('offline');
    });
    const stream = client();
    stream.start();
    await vi.advanceTimersByTimeAsync(28_000);
    expect(times).toEqual([0, 1_000, 3_000, 8_000, 18_000, 28_000]);

    const server = streamingResponse();
    fetchMock.mockImplementationOnce(async () => {
      times.push(Date.now() - started);
      return server.response;
    });
    await vi.advanceTimersByTimeAsync(10_000);
    server.send(OPEN);
    await vi.advanceTimersByTimeAsync(0);
    server.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(times.slice(6)).toEqual([38_000, 39_000]);
    stream.stop();
  });

  it('sends Last-Event-ID after a drop so the server replays what was missed', async () => {
    const first = streamingResponse();
    const second = streamingResponse();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const stream = client();
    const ids: string[] = [];
    stream.subscribe('session.ended', (e) => ids.push(e.id));
    stream.start();
    first.send(OPEN + event(41) + event(42));
    await vi.advanceTimersByTimeAsync(0);
    first.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(1).get('last-event-id')).toBe('42');
    second.send(event(43) + OPEN);
    await vi.advanceTimersByTimeAsync(0);
    expect(ids).toEqual(['41', '42', '43']);
    stream.stop();
  });

  it('hands public events to their subscribers beside user events, and sends the last stream position as Last-Event-ID', async () => {
    const first = streamingResponse();
    const second = streamingResponse();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const stream = client();
    const seen: string[] = [];
    stream.subscribe('bounties.bounty_changed', (e) => seen.push(`${e.data.bountyId} ${e.data.status} #${e.id}`));
    stream.subscribe('session.ended', (e) => seen.push(`${e.data.sessionId} #${e.id}`));
    stream.start();
    first.send(OPEN + userEvent(40, 3) + publicEvent(40, 5) + publicEvent(40, 6));
    await vi.advanceTimersByTimeAsync(0);
    first.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(headersOf(1).get('last-event-id')).toBe('40:6');
    second.send(userEvent(41, 6) + OPEN);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['s-40 #40', 'b-5 claimed #5', 'b-6 claimed #6', 's-41 #41']);
    stream.stop();
  });

  it('reconnects at once with a fresh token when the server ends the stream because the token expired', async () => {
    const first = streamingResponse();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValueOnce(streamingResponse().response);
    const stream = client();
    stream.start();
    first.send(OPEN + event(5) + end('token_expired'));
    first.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(1).get('authorization')).toBe('Bearer token-2');
    expect(headersOf(1).get('last-event-id')).toBe('5');
    stream.stop();
  });

  it('refreshes the session when the token is refused or the session ended, then tries again after the delay', async () => {
    const live = streamingResponse();
    fetchMock.mockResolvedValueOnce(refused()).mockResolvedValueOnce(live.response).mockResolvedValue(streamingResponse().response);
    const stream = client();
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    live.send(OPEN + end('signed_out'));
    live.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshSession).toHaveBeenCalledTimes(2);
    stream.stop();
  });

  it('tells gap subscribers when it goes live without a complete replay', async () => {
    const first = streamingResponse();
    const second = streamingResponse();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const stream = client();
    let gaps = 0;
    stream.onGap(() => gaps++);
    stream.start();
    first.send(OPEN_AFTER_GAP + event(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(gaps).toBe(1);
    first.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    second.send(OPEN);
    await vi.advanceTimersByTimeAsync(0);
    expect(gaps).toBe(1);
    stream.stop();
  });

  it('replaces a connection that brought nothing, not even a heartbeat, for 60 s', async () => {
    const silent = streamingResponse();
    fetchMock.mockImplementationOnce(async (_url, init) => {
      init?.signal?.addEventListener('abort', () => silent.drop());
      return silent.response;
    });
    fetchMock.mockResolvedValue(streamingResponse().response);
    const stream = client();
    stream.start();
    silent.send(OPEN + event(3));
    await vi.advanceTimersByTimeAsync(25_000);
    silent.send(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(55_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(1).get('last-event-id')).toBe('3');
    stream.stop();
  });

  it('stops for good on stop(), and starts afresh without the old Last-Event-ID', async () => {
    const first = streamingResponse();
    fetchMock.mockResolvedValueOnce(first.response).mockRejectedValue(new TypeError('offline'));
    const stream = client();
    stream.start();
    first.send(OPEN + event(9));
    await vi.advanceTimersByTimeAsync(0);
    stream.stop();
    expect(stream.status).toBe('idle');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(headersOf(1).get('last-event-id')).toBeNull();
    stream.stop();
  });
});
