import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { deleteExpiredEvents } from '../domain/event-store';
import { publishFor, publishPublic, useEventsServer } from '../testing/harness';
import { openStream, type ReceivedEvent, type TestStream } from '../testing/sse-client';

const isOpen = (e: ReceivedEvent) => e.event === 'stream.open';
const withId = (id: string) => (e: ReceivedEvent) => e.id === id;
/** The public events among `ids` that the stream received (test files share the database, so others' may arrive too). */
const publicOf = (stream: TestStream, ids: string[]) => stream.publicEvents().filter((e) => ids.includes(e.id ?? ''));

describe('public events on GET /api/events/stream', () => {
  const ctx = useEventsServer();

  it("reaches every open stream of every signed-in user, with the event's type and ids", async () => {
    const ada = await ctx.tokens.signIn(ctx.sql);
    const bob = await ctx.tokens.signIn(ctx.sql);
    const streams = await Promise.all([openStream(ctx.url, ada.token), openStream(ctx.url, ada.token), openStream(ctx.url, bob.token)]);
    await Promise.all(streams.map((s) => s.next(isOpen)));

    const bountyId = crypto.randomUUID();
    const id = await ctx.sql.begin((tx) => publishPublic(tx, bountyId));
    for (const stream of streams) {
      expect(await stream.next(withId(id))).toMatchObject({ id, event: 'bounties.bounty_changed', data: { bountyId, status: 'claimed' } });
    }
    for (const stream of streams) stream.close();
  });

  it('reaches nobody when its transaction rolls back', async () => {
    const ada = await ctx.tokens.signIn(ctx.sql);
    const bob = await ctx.tokens.signIn(ctx.sql);
    const streams = await Promise.all([openStream(ctx.url, ada.token), openStream(ctx.url, bob.token)]);
    await Promise.all(streams.map((s) => s.next(isOpen)));

    let rolledBack = '';
    await ctx.sql
      .begin(async (tx) => {
        rolledBack = await publishPublic(tx);
        throw new Error('the sale failed');
      })
      .catch(() => undefined);
    expect(rolledBack).not.toBe('');
    const committed = await publishPublic(ctx.sql);
    // Public events arrive in commit order, so once the later one is here the first never will be.
    for (const stream of streams) {
      await stream.next(withId(committed));
      expect(publicOf(stream, [rolledBack, committed]).map((e) => e.id)).toEqual([committed]);
    }
    expect((await ctx.sql`select 1 from events where id = ${rolledBack}`).length).toBe(0);
    for (const stream of streams) stream.close();
  });

  it('replays the public and user events a stream missed after a reconnect with Last-Event-ID, in id order, each once', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const first = await openStream(ctx.url, token);
    await first.next(isOpen);
    await first.next(withId(await publishPublic(ctx.sql)));
    const { cursor } = await first.next(withId(await publishFor(ctx.sql, user.id)));
    first.close();
    await first.ended;

    const userMissed: string[] = [];
    const publicMissed: string[] = [];
    publicMissed.push(await publishPublic(ctx.sql));
    userMissed.push(await publishFor(ctx.sql, user.id));
    publicMissed.push(await publishPublic(ctx.sql));
    await ctx.sql.begin(async (tx) => {
      userMissed.push(await publishFor(tx, user.id));
      publicMissed.push(await publishPublic(tx));
    });
    const again = await openStream(ctx.url, token, { lastEventId: cursor });
    const replay = await again.replay();
    expect(replay.complete).toBe(true);
    expect(replay.user).toEqual(userMissed);
    expect(replay.public.filter((id) => publicMissed.includes(id))).toEqual(publicMissed);

    const live = await publishPublic(ctx.sql);
    await again.next(withId(live));
    const mine = [...userMissed, ...publicMissed, live];
    const received = again.events.filter((e) => mine.includes(e.id ?? '')).map((e) => e.id);
    expect(received).toEqual(mine.sort((x, y) => Number(x) - Number(y)));
    again.close();
  });

  it('replays a public event that committed after a later user event the stream had already sent', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const stream = await openStream(ctx.url, token);
    await stream.next(isOpen);
    // The public event takes its id first and commits last, so its id is below the user event's.
    let releasePublic!: () => void;
    const publicMayCommit = new Promise<void>((resolve) => (releasePublic = resolve));
    let publicId = '';
    const publishing = ctx.sql.begin(async (tx) => {
      publicId = await publishPublic(tx);
      await publicMayCommit;
    });
    while (!publicId) await sleep(5);
    const userId = await publishFor(ctx.sql, user.id);
    expect(BigInt(userId)).toBeGreaterThan(BigInt(publicId));
    const { cursor } = await stream.next(withId(userId));
    stream.close();
    await stream.ended;
    releasePublic();
    await publishing;

    const again = await openStream(ctx.url, token, { lastEventId: cursor });
    const replay = await again.replay();
    expect(replay).toMatchObject({ complete: true, user: [] });
    expect(replay.public).toContain(publicId);
    again.close();
  });

  it('keeps public events in commit order: a second public publisher waits for the first to commit', async () => {
    const { token } = await ctx.tokens.signIn(ctx.sql);
    const stream = await openStream(ctx.url, token);
    await stream.next(isOpen);
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstId = '';
    const first = ctx.sql.begin(async (tx) => {
      firstId = await publishPublic(tx);
      await firstMayCommit;
    });
    while (!firstId) await sleep(5);
    let secondDone = false;
    const second = ctx.sql.begin((tx) => publishPublic(tx)).finally(() => (secondDone = true));
    // Until the second publisher commits (as it would without the lock) or waits for the lock.
    const waitingForLock = async () =>
      (
        await ctx.sql`
          with lock as (select hashtextextended('starforge.events:public', 0) as key)
          select 1 from pg_locks, lock
          where locktype = 'advisory' and not granted and objsubid = 1
            and classid = ((key >> 32) & 4294967295)::oid and objid = (key & 4294967295)::oid`
      ).length > 0;
    for (let i = 0; i < 500 && !secondDone && !(await waitingForLock()); i++) await sleep(10);
    releaseFirst();
    const [, secondId] = await Promise.all([first, second]);
    expect(BigInt(secondId)).toBeGreaterThan(BigInt(firstId));
    await stream.next(withId(secondId));
    expect(publicOf(stream, [firstId, secondId]).map((e) => e.id)).toEqual([firstId, secondId]);
    stream.close();
  });

  it('says the replay is incomplete when public events after its public cursor were already deleted', async () => {
    const { token } = await ctx.tokens.signIn(ctx.sql);
    const first = await openStream(ctx.url, token);
    await first.next(isOpen);
    const { cursor } = await first.next(withId(await publishPublic(ctx.sql)));
    first.close();
    const gone = await publishPublic(ctx.sql);
    const kept = await publishPublic(ctx.sql);
    await ctx.sql`update events set created_at = now() - interval '1 hour' where id = ${gone}`;
    await deleteExpiredEvents(ctx.sql);
    const again = await openStream(ctx.url, token, { lastEventId: cursor });
    const replay = await again.replay();
    expect(replay.complete).toBe(false);
    expect(replay.public.filter((id) => id === gone || id === kept)).toEqual([kept]);
    again.close();
  });
});

describe('a stream further behind than a replay carries', () => {
  const ctx = useEventsServer({ heartbeatMs: 200, maxReplay: 3 });

  it('starts afresh, told that events were missed, instead of replaying them', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const first = await openStream(ctx.url, token);
    await first.next(isOpen);
    const { cursor } = await first.next(withId(await publishFor(ctx.sql, user.id)));
    first.close();
    for (let i = 0; i < 4; i++) await publishPublic(ctx.sql);
    const again = await openStream(ctx.url, token, { lastEventId: cursor });
    expect(await again.replay()).toEqual({ complete: false, user: [], public: [] });
    const live = await publishPublic(ctx.sql);
    await again.next(withId(live));
    again.close();
  });
});
