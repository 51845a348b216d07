import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { deleteExpiredEvents } from '../domain/event-store';
import { publishFor, useEventsServer } from '../testing/harness';
import { openStream, type ReceivedEvent } from '../testing/sse-client';

const isOpen = (e: ReceivedEvent) => e.event === 'stream.open';
const isEnd = (e: ReceivedEvent) => e.event === 'stream.end';
const withId = (id: string) => (e: ReceivedEvent) => e.id === id;

describe('GET /api/events/stream', () => {
  const ctx = useEventsServer();

  it('delivers an event from a committed transaction, with its id, type and data', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const stream = await openStream(ctx.url, token);
    expect(stream.status).toBe(200);
    expect(await stream.next(isOpen)).toEqual({ id: undefined, cursor: undefined, event: 'stream.open', data: { replayed: 0, complete: false } });

    const otherSession = crypto.randomUUID();
    const id = await ctx.sql.begin((tx) => publishFor(tx, user.id, otherSession));
    expect(await stream.next(withId(id))).toEqual({
      id,
      cursor: expect.stringMatching(new RegExp(`^${id}:\\d+$`)),
      event: 'session.ended',
      data: { sessionId: otherSession },
    });
    stream.close();
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const stream = await openStream(ctx.url, token);
    await stream.next(isOpen);

    let rolledBack = '';
    await ctx.sql
      .begin(async (tx) => {
        rolledBack = await publishFor(tx, user.id);
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(rolledBack).not.toBe('');
    const committed = await ctx.sql.begin((tx) => publishFor(tx, user.id));
    // Events of one user arrive in commit order, so once the later one is here the first never will be.
    await stream.next(withId(committed));
    expect(stream.userEvents().map((e) => e.id)).toEqual([committed]);
    expect((await ctx.sql`select 1 from events where id = ${rolledBack}`).length).toBe(0);
    stream.close();
  });

  it("never delivers another user's event", async () => {
    const ada = await ctx.tokens.signIn(ctx.sql);
    const bob = await ctx.tokens.signIn(ctx.sql);
    const adaStream = await openStream(ctx.url, ada.token);
    const bobStream = await openStream(ctx.url, bob.token);
    await Promise.all([adaStream.next(isOpen), bobStream.next(isOpen)]);

    const forBob = await publishFor(ctx.sql, bob.user.id);
    const forAda = await publishFor(ctx.sql, ada.user.id);
    await adaStream.next(withId(forAda));
    await bobStream.next(withId(forBob));
    await sleep(50);
    expect(adaStream.userEvents().map((e) => e.id)).toEqual([forAda]);
    expect(bobStream.userEvents().map((e) => e.id)).toEqual([forBob]);
    adaStream.close();
    bobStream.close();
  });

  it('fans one event out to every tab of the user', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const tabs = await Promise.all([openStream(ctx.url, token), openStream(ctx.url, token), openStream(ctx.url, token)]);
    await Promise.all(tabs.map((t) => t.next(isOpen)));
    const id = await publishFor(ctx.sql, user.id);
    await Promise.all(tabs.map((t) => t.next(withId(id))));
    for (const tab of tabs) tab.close();
  });

  it('replays what a dropped connection missed when it reconnects with Last-Event-ID, each event once', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const first = await openStream(ctx.url, token);
    await first.next(isOpen);
    const seen = await publishFor(ctx.sql, user.id);
    const { cursor } = await first.next(withId(seen));
    first.close();
    await first.ended;

    const missed = [await publishFor(ctx.sql, user.id), await publishFor(ctx.sql, user.id)];
    const again = await openStream(ctx.url, token, { lastEventId: cursor });
    expect(await again.replay()).toMatchObject({ complete: true, user: missed });
    const live = await publishFor(ctx.sql, user.id);
    await again.next(withId(live));
    expect(again.userEvents().map((e) => e.id)).toEqual([...missed, live]);
    again.close();
  });

  // A plain event id is what clients sent before public events: read as `<id>:<id>`.
  it('says the replay is incomplete when events after Last-Event-ID were already deleted', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const old = await publishFor(ctx.sql, user.id);
    const gone = await publishFor(ctx.sql, user.id);
    const kept = await publishFor(ctx.sql, user.id);
    await ctx.sql`update events set created_at = now() - interval '1 hour' where id in (${old}, ${gone})`;
    await deleteExpiredEvents(ctx.sql);
    const stream = await openStream(ctx.url, token, { lastEventId: old });
    expect(await stream.replay()).toMatchObject({ complete: false, user: [kept] });
    expect(stream.userEvents().map((e) => e.id)).toEqual([kept]);
    stream.close();
  });

  it('loses and doubles nothing when events commit while a stream replays', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const before = await publishFor(ctx.sql, user.id);
    const publishing = (async () => {
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) ids.push(await publishFor(ctx.sql, user.id));
      return ids;
    })();
    const streams = await Promise.all([0, 1, 2].map(() => openStream(ctx.url, token, { lastEventId: before })));
    const ids = await publishing;
    for (const stream of streams) {
      await stream.next(withId(ids.at(-1) ?? ''));
      expect(stream.userEvents().map((e) => e.id)).toEqual(ids);
      stream.close();
    }
  });

  it('keeps one user’s events in commit order: a second publisher waits for the first to commit', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const stream = await openStream(ctx.url, token);
    await stream.next(isOpen);
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstId = '';
    const first = ctx.sql.begin(async (tx) => {
      firstId = await publishFor(tx, user.id);
      await firstMayCommit;
    });
    while (!firstId) await sleep(5);
    const second = ctx.sql.begin((tx) => publishFor(tx, user.id));
    await sleep(100);
    releaseFirst();
    const [, secondId] = await Promise.all([first, second]);
    expect(BigInt(secondId)).toBeGreaterThan(BigInt(firstId));
    await stream.next(withId(secondId));
    expect(stream.userEvents().map((e) => e.id)).toEqual([firstId, secondId]);
    stream.close();
  });

  it('sends a heartbeat comment', async () => {
    const { token } = await ctx.tokens.signIn(ctx.sql);
    const stream = await openStream(ctx.url, token);
    await stream.next(isOpen);
    for (let i = 0; i < 300 && !stream.comments.includes('heartbeat'); i++) await sleep(10);
    expect(stream.comments).toContain('heartbeat');
    stream.close();
  });

  it('ends the stream of a session signed out elsewhere at the next heartbeat', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const stream = await openStream(ctx.url, token);
    await stream.next(isOpen);
    await ctx.tokens.signOut(ctx.sql, user);
    expect((await stream.next(isEnd, 2_000)).data).toEqual({ reason: 'signed_out' });
    await stream.ended;
    expect((await openStream(ctx.url, token)).status).toBe(401);
  });

  it('ends the stream when its access token expires', async () => {
    const { user } = await ctx.tokens.signIn(ctx.sql);
    const stream = await openStream(ctx.url, await ctx.tokens.sign(user, 2));
    await stream.next(isOpen);
    expect((await stream.next(isEnd, 4_000)).data).toEqual({ reason: 'token_expired' });
    await stream.ended;
  });

  it('refuses a missing, invalid or foreign token, and a signed-out session, with 401', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const { createTestTokens } = await import('@starforge/service-kit/auth/test-tokens');
    const foreign = await (await createTestTokens()).sign(user);
    for (const bad of [null, 'junk', foreign, await ctx.tokens.sign(user, -10)]) {
      const res = await fetch(`${ctx.url}/api/events/stream`, { headers: bad ? { authorization: `Bearer ${bad}` } : {} });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_jwt');
    }
    await ctx.tokens.signOut(ctx.sql, user);
    const res = await fetch(`${ctx.url}/api/events/stream`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('session_not_found');
  });

  it('refuses a Last-Event-ID that is not a stream position', async () => {
    const { token } = await ctx.tokens.signIn(ctx.sql);
    for (const bad of ['abc', '1:', ':1', '1:2:3', '-1']) {
      const res = await fetch(`${ctx.url}/api/events/stream`, { headers: { authorization: `Bearer ${token}`, 'last-event-id': bad } });
      expect(res.status).toBe(400);
    }
  });

  it('documents the stream in the OpenAPI document, with bearer security', async () => {
    const doc = (await (await fetch(`${ctx.url}/api/events/openapi.json`)).json()) as {
      paths: Record<string, { get?: { security?: unknown; responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    const get = doc.paths['/api/events/stream']?.get;
    expect(get?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(get?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
  });

  it('forgets a stream whose client went away', async () => {
    const { token } = await ctx.tokens.signIn(ctx.sql);
    const before = ctx.hub.size;
    const stream = await openStream(ctx.url, token);
    await stream.next(isOpen);
    expect(ctx.hub.size).toBe(before + 1);
    stream.close();
    for (let i = 0; i < 300 && ctx.hub.size > before; i++) await sleep(10);
    expect(ctx.hub.size).toBe(before);
  });
});
