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
 * Seconds until an attempt would be accepted again: until the previous window's weight has
 * shrunk enough, or, when this window alone is full, until it has become the previous one and
 * shrunk in turn (the estimate is cautious: a window filled at once weighs in through the next
 * one, so a limit of N holds a refusal up to (1 + 1/N) windows).
 */
export const secondsUntilAllowed = (state: { currentHits: number; previousHits: number; elapsed: number }, limit: number, windowSeconds: number): number => {
  const { currentHits, previousHits, elapsed } = state;
  // weight(t) = 1 - t / window; accepted when previous * weight + current + 1 <= limit.
  const at = (previous: number, current: number) => (previous > 0 ? windowSeconds * (1 - (limit - current - 1) / previous) : 0);
  const wait = currentHits + 1 <= limit ? at(previousHits, currentHits) - elapsed : windowSeconds - elapsed + at(currentHits, 0);
  // (less a hair, so that 20.000000000000004 seconds is 20)
  return Math.max(1, Math.ceil(wait - 1e-9));
};

/**
 * Counts one attempt against every rule in a sliding window kept in Postgres (hit_rate_limit,
 * one row lock per key), so the limit holds across processes and no burst slips through at a
 * window's end. A refused attempt is not counted, so a refusal lasts only until the window
 * has slid enough.
 */
export const hitRateLimits = async (db: Db, rules: RateLimitRule[]): Promise<RateLimitVerdict> => {
  const rows = await db<{ accepted: boolean; currentHits: number; previousHits: number; elapsed: number; limit: number; windowSeconds: number }[]>`
    select h.accepted, h.current_hits, h.previous_hits, h.elapsed, t.m as limit, t.w as window_seconds
    from unnest(${db.array(rules.map((r) => r.key))}::text[], ${db.array(rules.map((r) => r.windowSeconds))}::int[], ${db.array(rules.map((r) => r.limit))}::int[]) as t(k, w, m)
    cross join lateral hit_rate_limit(t.k, t.w, t.m) as h`;
  const refused = rows.filter((row) => !row.accepted);
  if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((r) => secondsUntilAllowed(r, r.limit, r.windowSeconds))) };
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

/**
 * Per device cookie, in place of `perAccount` for a browser that has signed in to the account
 * before (`device-tokens.ts`): it gets what one address gets, from wherever it is, and the
 * strangers' ceiling does not apply to it. A stolen cookie is held to the same pace.
 */
export const perDevice = (limits: Limits, action: string, deviceId: string): RateLimitRule => ({
  key: `${action}:device:${deviceId}`,
  limit: limits.perAccount,
  windowSeconds: limits.windowSeconds,
});
