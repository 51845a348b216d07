import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authTestSql, useAuthTestApp } from '../testing/harness';
import { hitRateLimits } from './rate-limit';

describe('hitRateLimits', () => {
  const app = useAuthTestApp();
  const rule = (limit: number, windowSeconds = 3_600) => ({ key: `test:${randomUUID()}`, limit, windowSeconds });

  it('counts concurrent attempts exactly, across pools, and keeps no more than the limit', async () => {
    const other = await authTestSql();
    try {
      const limited = rule(12);
      const verdicts = await Promise.all(Array.from({ length: 20 }, (_, i) => hitRateLimits(i % 2 ? app.sql : other, [limited])));
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(12);
      const [row] = await app.sql`select cardinality(hits) as n from rate_limits where key = ${limited.key}`;
      expect(row?.n).toBe(12);
    } finally {
      await other.end();
    }
  });

  it('refuses when any rule is over and tells how long to wait', async () => {
    const loose = rule(100);
    const tight = rule(1);
    expect((await hitRateLimits(app.sql, [loose, tight])).allowed).toBe(true);
    const verdict = await hitRateLimits(app.sql, [loose, tight]);
    expect(verdict.allowed).toBe(false);
    expect(verdict.retryAfterSeconds).toBeGreaterThan(3_590);
    expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(3_600);
  });

  it('slides: attempts just inside the window still count, whatever its alignment, and each leaves on its own time', async () => {
    const limited = rule(3, 60);
    for (let i = 0; i < 3; i++) expect((await hitRateLimits(app.sql, [limited])).allowed).toBe(true);
    // Age the attempts to 59, 50 and 10 seconds ago: a fixed window could have restarted since.
    await app.sql`
      update rate_limits set hits = array[now() - interval '59 seconds', now() - interval '50 seconds', now() - interval '10 seconds']
      where key = ${limited.key}`;
    const refused = await hitRateLimits(app.sql, [limited]);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // The oldest leaves the window: one more is allowed, and only one.
    await app.sql`update rate_limits set hits[1] = now() - interval '61 seconds' where key = ${limited.key}`;
    expect((await hitRateLimits(app.sql, [limited])).allowed).toBe(true);
    expect(await hitRateLimits(app.sql, [limited])).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });
});
