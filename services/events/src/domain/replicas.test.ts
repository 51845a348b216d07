import { describe, expect, it } from 'vitest';
import { publishFor, useEventsServer } from '../testing/harness';
import { openStream, type ReceivedEvent } from '../testing/sse-client';

const isOpen = (e: ReceivedEvent) => e.event === 'stream.open';

describe('two replicas of the events service on one database', () => {
  const first = useEventsServer();
  const second = useEventsServer(undefined, () => first.tokens);

  it('each listens: an event reaches the user’s tabs on both, and a tab may reconnect to either', async () => {
    const { user, token } = await first.tokens.signIn(first.sql);
    const onFirst = await openStream(first.url, token);
    const onSecond = await openStream(second.url, token);
    await Promise.all([onFirst.next(isOpen), onSecond.next(isOpen)]);

    const one = await publishFor(first.sql, user.id);
    const [{ cursor }] = await Promise.all([onFirst.next((e) => e.id === one), onSecond.next((e) => e.id === one)]);
    onFirst.close();

    const missed = await publishFor(second.sql, user.id);
    const moved = await openStream(second.url, token, { lastEventId: cursor });
    expect(await moved.replay()).toMatchObject({ complete: true, user: [missed] });
    expect(moved.userEvents().map((e) => e.id)).toEqual([missed]);
    moved.close();
    onSecond.close();
  });
});
