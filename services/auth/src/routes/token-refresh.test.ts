import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { REUSE_GRACE_SECONDS } from '../domain/refresh-tokens';
import { call, errorOf, sessionOf, sha256, signUp, useAuthTestApp } from '../testing/harness';

describe('POST /token?grant_type=refresh_token', () => {
  const app = useAuthTestApp();

  const refresh = (token: string | null) => call(app, 'POST', '/token?grant_type=refresh_token', { refresh: token });
  const sidOf = (accessToken: string) => decodeJwt(accessToken).sid as string;
  const age = (token: string, seconds: number) =>
    app.sql`update refresh_tokens set rotated_at = now() - make_interval(secs => ${seconds}) where token_hash = ${sha256(token)}`;
  const sessionRevoked = async (sid: string) => (await app.sql`select revoked_at from sessions where id = ${sid}`)[0]?.revokedAt !== null;

  it('trades the cookie for a new session of the same sid and rotates the cookie', async () => {
    const { session, refresh: first } = await signUp(app);
    const result = await refresh(first);
    const renewed = sessionOf(result);
    expect(sidOf(renewed.access_token)).toBe(sidOf(session.access_token));
    expect(renewed.user.id).toBe(session.user.id);
    expect(result.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.refresh).not.toBe(first);
    expect(sessionOf(await refresh(result.refresh ?? null)).user.id).toBe(session.user.id);
  });

  it('answers session_not_found and clears the cookie without a cookie or with an unknown one', async () => {
    for (const result of [await refresh(null), await refresh('A'.repeat(43))]) {
      expect(errorOf(result)).toMatchObject({ status: 401, code: 'session_not_found' });
      expect(result.refresh).toBe('');
      expect(result.setCookie).toContain('Max-Age=0');
    }
  });

  it('revokes the whole session when a rotated token is presented again', async () => {
    const { session, refresh: first } = await signUp(app);
    const second = (await refresh(first)).refresh ?? '';
    await age(first, REUSE_GRACE_SECONDS + 1);

    const reused = await refresh(first);
    expect(errorOf(reused)).toMatchObject({ status: 401, code: 'refresh_token_already_used' });
    expect(reused.refresh).toBe('');
    expect(await sessionRevoked(sidOf(session.access_token))).toBe(true);

    // The thief's copy and the owner's current token are both dead now.
    expect(errorOf(await refresh(second))).toMatchObject({ status: 401, code: 'session_not_found' });
    expect(errorOf(await call(app, 'GET', '/user', { token: session.access_token }))).toMatchObject({ status: 401, code: 'session_not_found' });
  });

  it('lets the previous token be spent again within the grace interval (another tab) without revoking, for the same successor', async () => {
    const { session, refresh: first } = await signUp(app);
    const tabA = await refresh(first);
    const tabB = await refresh(first);
    expect(tabA.status).toBe(200);
    expect(tabB.status).toBe(200);
    expect(tabB.refresh).toBe(tabA.refresh);
    expect(await sessionRevoked(sidOf(session.access_token))).toBe(false);
    expect((await refresh(tabB.refresh ?? null)).status).toBe(200);
  });

  it('hands fifty concurrent uses of one cookie the same successor: one live token, not fifty', async () => {
    const { session, refresh: first } = await signUp(app);
    const results = await Promise.all(Array.from({ length: 50 }, () => refresh(first)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.refresh)).size).toBe(1);
    const sid = sidOf(session.access_token);
    const [live] = await app.sql`
      select count(*)::int as n from refresh_tokens where session_id = ${sid} and rotated_at is null and expires_at > now()`;
    expect(live?.n).toBe(1);
    // The successor works once; the forked copies an attacker might have kept do not exist.
    const next = await refresh(results[0]?.refresh ?? null);
    expect(next.status).toBe(200);
    expect(errorOf(await refresh(first)).code).toBe('refresh_token_already_used');
  });

  it('revokes when the token is older than the one before the current, even within the grace interval', async () => {
    const { session, refresh: first } = await signUp(app);
    const second = (await refresh(first)).refresh ?? null;
    expect((await refresh(second)).status).toBe(200);
    expect(errorOf(await refresh(first)).code).toBe('refresh_token_already_used');
    expect(await sessionRevoked(sidOf(session.access_token))).toBe(true);
  });

  it('refuses an expired refresh token', async () => {
    const { refresh: first } = await signUp(app);
    await app.sql`update refresh_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(first)}`;
    expect(errorOf(await refresh(first))).toMatchObject({ status: 401, code: 'session_not_found' });
  });

  it('refuses the cookie of a signed-out session', async () => {
    const { session, refresh: first } = await signUp(app);
    expect((await call(app, 'POST', '/logout?scope=local', { token: session.access_token })).status).toBe(204);
    expect(errorOf(await refresh(first))).toMatchObject({ status: 401, code: 'session_not_found' });
  });
});
