import { describe, expect, it } from 'vitest';
import { publishFor, useEventsServer } from '../testing/harness';
import { openStream, type ReceivedEvent } from '../testing/sse-client';

const isOpen = (e: ReceivedEvent) => e.event === 'stream.open';
const isEnd = (e: ReceivedEvent) => e.event === 'stream.end';
const withId = (id: string) => (e: ReceivedEvent) => e.id === id;

describe('a session.ended event', () => {
  const ctx = useEventsServer({ heartbeatMs: 60_000 });

  it('ends the stream at once on a session.ended event for its session, and only that session', async () => {
    const laptop = await ctx.tokens.signIn(ctx.sql);
    const phoneSession = (await ctx.sql<{ id: string }[]>`insert into auth.sessions (user_id) values (${laptop.user.id}) returning id`)[0]?.id ?? '';
    const phone = { user: { ...laptop.user, sessionId: phoneSession }, token: await ctx.tokens.sign({ ...laptop.user, sessionId: phoneSession }) };
    const laptopStream = await openStream(ctx.url, laptop.token);
    const phoneStream = await openStream(ctx.url, phone.token);
    await Promise.all([laptopStream.next(isOpen), phoneStream.next(isOpen)]);

    // As auth's sign-out would: revoke the session and announce it in one transaction. The
    // heartbeat is a minute away here, so only the event can end the stream within the wait.
    const id = await ctx.sql.begin(async (tx) => {
      await tx`update auth.sessions set revoked_at = now(), revoked_reason = 'test_sign_out' where id = ${phoneSession}`;
      return publishFor(tx, laptop.user.id, phoneSession);
    });
    expect((await phoneStream.next(isEnd, 5_000)).data).toEqual({ reason: 'signed_out' });
    await phoneStream.ended;
    // The laptop learns of it and stays connected.
    await laptopStream.next(withId(id));
    expect(laptopStream.events.some(isEnd)).toBe(false);
    laptopStream.close();
  });
});
