import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ServerEventStream, type ServerEventStreamStatus } from '@starforge/host/events/server-event-stream';
import { eventually } from '@starforge/test-db/eventually';
import { publishFor, useEventsServer } from '../testing/harness';

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
