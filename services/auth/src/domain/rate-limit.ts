import type { Db } from '@starforge/service-kit';
import type { AuthConfig } from '../config/env';
import { tooManyAttempts } from './errors';

export interface RateLimitRule {
  key: string;
  /** Attempts allowed in any `windowSeconds`. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the refusing rule would accept an attempt again. */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against every rule in a sliding window kept in Postgres, so the limit
 * holds across processes: each key keeps the times of its accepted attempts still inside its
 * window (at most `limit` of them); an attempt is accepted, and its time kept, only while fewer
 * are. One statement; the upsert's row lock makes concurrent attempts take turns. A refused
 * attempt is not kept, so a refusal lasts only until the oldest kept attempt leaves the window.
 */
export const hitRateLimits = async (db: Db, rules: RateLimitRule[]): Promise<RateLimitVerdict> => {
  const rows = await db<{ accepted: boolean; retryAfter: number }[]>`
    insert into rate_limits as r (key, hits, window_seconds, max_hits)
    select k, array[now()], w, m
    from unnest(${db.array(rules.map((r) => r.key))}::text[], ${db.array(rules.map((r) => r.windowSeconds))}::int[], ${db.array(rules.map((r) => r.limit))}::int[]) as t(k, w, m)
    on conflict (key) do update set
      hits = (
        with recent as (
          select h from unnest(r.hits) as h
          where h > now() - make_interval(secs => excluded.window_seconds)
          order by h desc
          limit excluded.max_hits
        )
        select case
          when count(*) >= excluded.max_hits then array_agg(h order by h)
          else coalesce(array_agg(h order by h), '{}') || now()
        end
        from recent
      ),
      window_seconds = excluded.window_seconds,
      max_hits = excluded.max_hits,
      updated_at = now()
    returning
      r.hits[cardinality(r.hits)] = now() as accepted,
      greatest(1, ceil(extract(epoch from r.hits[1] + make_interval(secs => r.window_seconds) - now())))::int as retry_after`;
  const refused = rows.filter((row) => !row.accepted);
  if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfter)) };
};

/** Counts the attempt against the rules; over any of them, 429 with Retry-After. */
export const assertWithinRateLimit = async (db: Db, rules: RateLimitRule[]): Promise<void> => {
  const verdict = await hitRateLimits(db, rules);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
};

type Limits = AuthConfig['rateLimit'];

/** Per client address, across accounts: one address spraying many accounts. */
export const perIp = (limits: Limits, action: string, ip: string): RateLimitRule => ({
  key: `${action}:ip:${ip}`,
  limit: limits.perIp,
  windowSeconds: limits.windowSeconds,
});

/**
 * Per account, in two parts, so a stranger cannot shut the owner out: a tight limit per
 * account and address (the stranger's guesses lock only the stranger's address), and a slower
 * ceiling per account across all addresses (guessing spread over many addresses stays slow).
 */
export const perAccount = (limits: Limits, action: string, account: string, ip: string): RateLimitRule[] => [
  { key: `${action}:account_ip:${account}:${ip}`, limit: limits.perAccount, windowSeconds: limits.windowSeconds },
  { key: `${action}:account:${account}`, limit: limits.accountCeiling, windowSeconds: limits.accountCeilingWindowSeconds },
];
