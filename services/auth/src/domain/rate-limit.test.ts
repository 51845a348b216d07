import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authTestSql, useAuthTestApp } from '../testing/harness';
import { hitRateLimits } from './rate-limit';

describe('hitRateLimits', () => {
  const app = useAuthTestApp();

  it('counts concurrent attempts exactly, across pools', async () => {
    const other = await authTestSql();
    try {
      const key = `test:${randomUUID()}`;
      const verdicts = await Promise.all(Array.from({ length: 20 }, (_, i) => hitRateLimits(i % 2 ? app.sql : other, [{ key, limit: 12 }], 3_600)));
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(12);
      const [row] = await app.sql`select hits from rate_limits where key = ${key}`;
      expect(row?.hits).toBe(20);
    } finally {
      await other.end();
    }
  });

  it('refuses when any rule is over and tells how long to wait', async () => {
    const loose = { key: `test:${randomUUID()}`, limit: 100 };
    const tight = { key: `test:${randomUUID()}`, limit: 1 };
    expect((await hitRateLimits(app.sql, [loose, tight], 3_600)).allowed).toBe(true);
    const verdict = await hitRateLimits(app.sql, [loose, tight], 3_600);
    expect(verdict.allowed).toBe(false);
    expect(verdict.retryAfterSeconds).toBeGreaterThan(0);
    expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(3_600);
  });
});
