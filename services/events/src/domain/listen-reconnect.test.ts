import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { publishFor, publishPublic, useEventsServer } from '../testing/harness';
import { openStream } from '../testing/sse-client';

describe('when the LISTEN connection drops', () => {
  const ctx = useEventsServer();

  const listenBackends = async () =>
    (
      await ctx.sql<{ pid: number }[]>`
      select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`
    ).map((r) => r.pid);

  it('replays to every open stream what was announced while nobody listened', async () => {
    const { user, token } = await ctx.tokens.signIn(ctx.sql);
    const stream = await openStream(ctx.url, token);
    await stream.next((e) => e.event === 'stream.open');
    const before = await publishFor(ctx.sql, user.id);
    await stream.next((e) => e.id === before);
    const listens = ctx.hub.listens;
    const [pid] = await listenBackends();
    if (pid === undefined) throw new Error('No LISTEN connection found');

    // The listener is killed inside the publishing transaction, so the event commits while
    // postgres.js is still opening a new LISTEN connection: its NOTIFY reaches nobody.
    const [inGap, publicInGap] = await ctx.sql.begin(async (tx) => {
      const ids = [await publishFor(tx, user.id), await publishPublic(tx)];
      await tx`select pg_terminate_backend(${pid})`;
      return ids;
    });
    const after = await publishFor(ctx.sql, user.id);
    await stream.next((e) => e.id === after, 10_000);
    expect(ctx.hub.listens).toBeGreaterThan(listens);
    await sleep(50);
    expect(stream.userEvents().map((e) => e.id)).toEqual([before, inGap, after]);
    expect(stream.publicEvents().filter((e) => e.id === publicInGap)).toHaveLength(1);
    stream.close();
  });
});
