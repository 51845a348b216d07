import type { Db } from '@starforge/service-kit';
import type { AuthConfig } from '../config/env';
import { tooManyAttempts } from './errors';

export interface RateLimitRule {
  key: string;
  limit: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window that refused the attempt ends. */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against every rule in a fixed window kept in Postgres, so the limit holds
 * across processes. A row per key, restarted when its window has passed; one statement, so
 * concurrent attempts each get their own count.
 */
export const hitRateLimits = async (db: Db, rules: RateLimitRule[], windowSeconds: number): Promise<RateLimitVerdict> => {
  const rows = await db<{ key: string; hits: number; retryAfter: number }[]>`
    with bucket as (
      select to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}) as window_start
    )
    insert into rate_limits (key, window_start, hits)
    select k, bucket.window_start, 1 from unnest(${db.array(rules.map((r) => r.key))}::text[]) as k, bucket
    on conflict (key) do update set
      hits = case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end,
      window_start = excluded.window_start
    returning key, hits,
      greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`;
  const over = rows.filter((row) => row.hits > (rules.find((r) => r.key === row.key)?.limit ?? Infinity));
  if (over.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(...over.map((r) => r.retryAfter)) };
};

export type LimitedAction = 'sign_in' | 'sign_up';

/** Counts an attempt for the client's address and for the account; over either limit, 429 with Retry-After. */
export const assertWithinRateLimit = async (
  db: Db,
  limits: AuthConfig['rateLimit'],
  action: LimitedAction,
  attempt: { ip: string; account: string },
): Promise<void> => {
  const verdict = await hitRateLimits(
    db,
    [
      { key: `${action}:ip:${attempt.ip}`, limit: limits.perIp },
      { key: `${action}:account:${attempt.account}`, limit: limits.perAccount },
    ],
    limits.windowSeconds,
  );
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
};
