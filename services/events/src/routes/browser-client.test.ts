import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ServerEventStream, type ServerEventStreamStatus } from '@starforge/host/events/server-event-stream';
import { eventually } from '@starforge/test-db/eventually';
import { publishFor, publishPublic, useEventsServer } from '../testing/harness';

/** The browser's connection manager (packages/host) against the real service over HTTP. */
describe('the host’s ServerEventStream against the events service', () => {
  const ctx = useEventsServer();

  it('receives events, and across token expiries reconnects with a fresh token and misses none', async () => {
    const { user } = await ctx.tokens.signIn(ctx.sql);
    let tokensIssued = 0;
    const statuses: ServerEventStreamStatus[] = [];
    const stream = new ServerEventStream({
      url: `${ctx.url}/api/events/stream`,
      // Tokens that expire after 1-2 s, so the server ends the stream while events flow.
      getToken: async () => {
        tokensIssued++;
        return ctx.tokens.sign(user, 2);
      },
      refreshSession: async () => {},
      onStatus: (s) => statuses.push(s),
    });
    const received: string[] = [];
    stream.subscribe('session.ended', (e) => received.push(e.id));
    stream.start();
    await eventually(() => stream.status === 'open');

    const published: string[] = [];
    const started = Date.now();
    while (Date.now() - started < 3_500) {
      published.push(await publishFor(ctx.sql, user.id));
      await sleep(20);
    }
    await eventually(() => received.length >= published.length);
    stream.stop();
    expect(received).toEqual(published);
    expect(tokensIssued).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 'open').length).toBeGreaterThanOrEqual(2);
  });

  it('receives public events on every user’s stream beside the user’s own, across token expiries, each once and in order', async () => {
    const ada = (await ctx.tokens.signIn(ctx.sql)).user;
    const bob = (await ctx.tokens.signIn(ctx.sql)).user;
    const published = { ada: [] as string[], public: [] as string[] };
    const clients = [ada, bob].map((user) => {
      const stream = new ServerEventStream({
        url: `${ctx.url}/api/events/stream`,
        getToken: async () => ctx.tokens.sign(user, 2),
        refreshSession: async () => {},
      });
      const received: string[] = [];
      stream.subscribe('session.ended', (e) => received.push(e.id));
      // Other test files share the database and may publish public events too: keep ours.
      stream.subscribe('bounties.bounty_changed', (e) => {
        if (published.public.includes(e.id)) received.push(e.id);
      });
      stream.start();
      return { stream, received };
    });
    await eventually(() => clients.every((c) => c.stream.status === 'open'));

    const started = Date.now();
    while (Date.now() - started < 3_500) {
      // Recorded before it commits, so a subscriber never sees an id the test does not know yet.
      await ctx.sql.begin(async (tx) => {
        published.ada.push(await publishFor(tx, ada.id));
        published.public.push(await publishPublic(tx));
      });
      await sleep(20);
    }
    const [forAda, forBob] = clients;
    const expected = { ada: [...published.ada, ...published.public].sort((x, y) => Number(x) - Number(y)), bob: published.public };
    await eventually(() => forAda?.received.length === expected.ada.length && forBob?.received.length === expected.bob.length);
    for (const { stream } of clients) stream.stop();
    expect(forAda?.received).toEqual(expected.ada);
    expect(forBob?.received).toEqual(expected.bob);
  });

  it('asks for a session refresh when its session is signed out', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    let refreshes = 0;
    const stream = new ServerEventStream({
      url: `${ctx.url}/api/events/stream`,
      getToken: async () => token,
      refreshSession: async () => {
        refreshes++;
        stream.stop(); // as the shell does when the refresh fails and the tab signs out
      },
    });
    stream.start();
    await eventually(() => stream.status === 'open');
    await ctx.tokens.signOut(ctx.sql, user);
    await eventually(() => refreshes === 1);
    expect(stream.status).toBe('idle');
  });
});
