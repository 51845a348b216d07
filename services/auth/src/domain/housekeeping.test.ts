import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sql } from '@starforge/service-kit';
import { useAuthTestApp } from '../testing/harness';
import { sweepExpired } from './housekeeping';
import { startSession } from './sessions';

describe('sweepExpired', () => {
  let sql: Sql;
  useAuthTestApp((s) => {
    sql = s;
  });

  it('deletes long-ended sessions, stale challenges and old rate windows, and keeps the rest', async () => {
    const [user] = await sql<{ id: string }[]>`insert into users (email) values (${`sweep-${randomUUID()}@example.com`}) returning id`;
    const userId = user?.id ?? '';
    const client = { ip: 'test', userAgent: null };
    const live = await startSession(sql, userId, client);
    const signedOut = await startSession(sql, userId, client);
    const idle = await startSession(sql, userId, client);
    await sql`update sessions set revoked_at = now() - interval '2 days' where id = ${signedOut.sessionId}`;
    await sql`update sessions set created_at = now() - interval '40 days' where id = ${idle.sessionId}`;

    const nonce = randomUUID().replaceAll('-', '');
    await sql`
      insert into wallet_nonces (nonce, wallet_address, domain, message, issued_at, expires_at)
      values (${nonce}, 'x', 'd', 'm', now() - interval '3 hours', now() - interval '2 hours')`;
    const key = `test:${randomUUID()}`;
    await sql`insert into rate_limits (key, window_start, hits) values (${key}, now() - interval '2 hours', 5)`;

    await sweepExpired(sql);

    const sessions = await sql`select id from sessions where user_id = ${userId}`;
    expect(sessions.map((s) => s.id)).toEqual([live.sessionId]);
    expect(await sql`select 1 from refresh_tokens where session_id = ${signedOut.sessionId}`).toHaveLength(0);
    expect(await sql`select 1 from wallet_nonces where nonce = ${nonce}`).toHaveLength(0);
    expect(await sql`select 1 from rate_limits where key = ${key}`).toHaveLength(0);
  });
});
