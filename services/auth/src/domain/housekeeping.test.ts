import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useAuthTestApp } from '../testing/harness';
import { sweepExpired } from './housekeeping';
import { startSession } from './sessions';

describe('sweepExpired', () => {
  const app = useAuthTestApp();

  it('deletes long-ended sessions, stale challenges and old rate windows, and keeps the rest', async () => {
    const [user] = await app.sql<{ id: string }[]>`insert into users (email) values (${`sweep-${randomUUID()}@example.com`}) returning id`;
    const userId = user?.id ?? '';
    const client = { ip: 'test', userAgent: null };
    const live = await startSession(app.sql, userId, client);
    const signedOut = await startSession(app.sql, userId, client);
    const idle = await startSession(app.sql, userId, client);
    await app.sql`update sessions set revoked_at = now() - interval '2 days' where id = ${signedOut.sessionId}`;
    await app.sql`update sessions set created_at = now() - interval '40 days' where id = ${idle.sessionId}`;

    const nonce = randomUUID().replaceAll('-', '');
    await app.sql`
      insert into wallet_nonces (nonce, wallet_address, domain, message, issued_at, expires_at)
      values (${nonce}, 'x', 'd', 'm', now() - interval '3 hours', now() - interval '2 hours')`;
    const key = `test:${randomUUID()}`;
    await app.sql`
      insert into rate_limits (key, window_start, window_seconds, current_hits, previous_hits, updated_at)
      values (${key}, now() - interval '3 hours', 3600, 5, 0, now() - interval '3 hours')`;

    await sweepExpired(app.sql);

    const sessions = await app.sql`select id from sessions where user_id = ${userId}`;
    expect(sessions.map((s) => s.id)).toEqual([live.sessionId]);
    expect(await app.sql`select 1 from refresh_tokens where session_id = ${signedOut.sessionId}`).toHaveLength(0);
    expect(await app.sql`select 1 from wallet_nonces where nonce = ${nonce}`).toHaveLength(0);
    expect(await app.sql`select 1 from rate_limits where key = ${key}`).toHaveLength(0);
  });
});
