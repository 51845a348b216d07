import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authTestSql, useAuthTestApp } from '../testing/harness';
import { hitRateLimits, secondsUntilAllowed } from './rate-limit';

describe('hitRateLimits', () => {
  const app = useAuthTestApp();
  const rule = (limit: number, windowSeconds = 3_600) => ({ key: `test:${randomUUID()}`, limit, windowSeconds });

  it('counts concurrent attempts exactly, across pools', async () => {
    const other = await authTestSql();
    try {
      const limited = rule(12);
      const verdicts = await Promise.all(Array.from({ length: 20 }, (_, i) => hitRateLimits(i % 2 ? app.sql : other, [limited])));
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(12);
      const [row] = await app.sql`select current_hits from rate_limits where key = ${limited.key}`;
      expect(row?.currentHits).toBe(12);
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
    // A limit of 1 filled at once: the rest of this window, then the whole next one.
    expect(verdict.retryAfterSeconds).toBeGreaterThan(7_190);
    expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(7_200);
  });

  it('slides: a window that has just ended still weighs in, then less and less', async () => {
    const limited = rule(3, 60);
    for (let i = 0; i < 3; i++) expect((await hitRateLimits(app.sql, [limited])).allowed).toBe(true);
    // The window ended a second ago: a fixed window would let three more through at once.
    await app.sql`update rate_limits set window_start = now() - interval '61 seconds' where key = ${limited.key}`;
    const refused = await hitRateLimits(app.sql, [limited]);
    expect(refused.allowed).toBe(false);
    // 3 × (1 - t/60) + 1 <= 3 from t = 20 s into the new window, which began a second ago.
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(18);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(20);
    // 45 s on, the old window weighs a quarter (0.75): two more fit, not three.
    await app.sql`update rate_limits set window_start = now() - interval '45 seconds' where key = ${limited.key}`;
    expect((await hitRateLimits(app.sql, [limited])).allowed).toBe(true);
    expect((await hitRateLimits(app.sql, [limited])).allowed).toBe(true);
    expect((await hitRateLimits(app.sql, [limited])).allowed).toBe(false);
  });
});

describe('secondsUntilAllowed', () => {
  it('waits for the previous window to shrink, or for a full window to become the previous one', () => {
    expect(secondsUntilAllowed({ previousHits: 3, currentHits: 0, elapsed: 1 }, 3, 60)).toBe(19);
    // This window alone is full: 59 s until it ends, then 3 × (1 - t/60) + 1 <= 3 at t = 20.
    expect(secondsUntilAllowed({ previousHits: 0, currentHits: 3, elapsed: 1 }, 3, 60)).toBe(79);
    expect(secondsUntilAllowed({ previousHits: 0, currentHits: 1, elapsed: 0 }, 1, 3_600)).toBe(7_200);
  });
});
