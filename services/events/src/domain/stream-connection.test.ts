import { describe, expect, it } from 'vitest';
import { StreamConnection } from './stream-connection';
import type { StoredEvent } from './stored-event';

const user = { id: '6f1d2c1e-1f0a-4b8e-9d3c-2a7b5e4c3d21', email: 'ada@example.com', sessionId: 'b5a0c3de-0000-4000-8000-000000000001' };
const event = (id: number): StoredEvent => ({ id, userId: user.id, type: 'session.ended', data: { n: id } });
const publicEvent = (id: number): StoredEvent => ({ id, userId: null, type: 'bounties.bounty_changed', data: { n: id } });
const start = { user: 0, public: 0 };

/** Everything the connection wrote, as text. */
const written = async (connection: StreamConnection) => {
  const reader = connection.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value);
  }
};
/** The SSE ids sent (`<user>:<public>`). */
const cursors = (text: string) => [...text.matchAll(/^id: (\d+:\d+)$/gm)].map((m) => m[1]);
/** The id of each event sent: the part of its cursor that moved. */
const ids = (text: string) => [...text.matchAll(/^id: (\d+):(\d+)\nevent: (\S+)$/gm)].map((m) => Number(m[3]?.startsWith('bounties.') ? m[2] : m[1]));

describe('StreamConnection', () => {
  it('holds live events during a replay, then sends replayed and held events once each, in id order', async () => {
    const connection = new StreamConnection(user, { user: 10, public: 10 }, () => {});
    connection.hold();
    connection.deliver(event(13));
    connection.deliver(event(14));
    connection.release([event(11), event(12), event(13)]);
    connection.deliver(event(14));
    connection.deliver(event(15));
    connection.deliver(event(9));
    connection.end('interrupted');
    const text = await written(connection);
    expect(ids(text)).toEqual([11, 12, 13, 14, 15]);
    expect(text).toContain('id: 11:10\nevent: session.ended\ndata: {"n":11}\n\n');
    expect(text.endsWith('event: stream.end\ndata: {"reason":"interrupted"}\n\n')).toBe(true);
  });

  it('waits for every overlapping hold before it sends', async () => {
    const connection = new StreamConnection(user, start, () => {});
    connection.hold();
    connection.hold();
    connection.release([event(2)]);
    connection.deliver(event(3));
    expect(connection.cursor).toEqual({ user: 0, public: 0 });
    connection.release([event(1)]);
    expect(connection.cursor).toEqual({ user: 3, public: 0 });
    connection.end('interrupted');
    expect(ids(await written(connection))).toEqual([1, 2, 3]);
  });

  it('keeps one cursor per kind: a public event committed after a later user event is still sent, each once', async () => {
    const connection = new StreamConnection(user, { user: 4, public: 2 }, () => {});
    connection.deliver(event(10));
    connection.deliver(publicEvent(7));
    connection.deliver(event(8));
    connection.deliver(publicEvent(2));
    connection.deliver(publicEvent(11));
    connection.deliver(publicEvent(7));
    connection.end('interrupted');
    const text = await written(connection);
    expect(cursors(text)).toEqual(['10:2', '10:7', '10:11']);
    expect(text).toContain('id: 10:7\nevent: bounties.bounty_changed\ndata: {"n":7}\n\n');
  });

  it('tells its owner once when it closes, and sends nothing after', async () => {
    const closed: StreamConnection[] = [];
    const connection = new StreamConnection(user, start, (c) => closed.push(c));
    connection.end('signed_out');
    connection.end('interrupted');
    connection.deliver(event(1));
    expect(closed).toEqual([connection]);
    expect(await written(connection)).toBe(': connected\n\nevent: stream.end\ndata: {"reason":"signed_out"}\n\n');
  });

  it('ends the stream of a client more than 1 MB behind, so it reconnects and replays instead', async () => {
    const closed: StreamConnection[] = [];
    const connection = new StreamConnection(user, start, (c) => closed.push(c));
    const big = 'x'.repeat(3_900);
    for (let id = 1; id <= 300 && !connection.isClosed; id++) connection.deliver({ id, userId: user.id, type: 'session.ended', data: { big } });
    expect(connection.isClosed).toBe(true);
    expect(closed).toEqual([connection]);
    const text = await written(connection);
    expect(text.endsWith('event: stream.end\ndata: {"reason":"interrupted"}\n\n')).toBe(true);
    expect(ids(text).length).toBeLessThan(300);
  });
});
