import { rewardsErrorCodes, rewardsMessages, type NextTier } from '@starforge/contracts/rewards';
import type { SqlStateMap } from '@starforge/service-kit';

/**
 * The figures rewards puts in RW006's DETAIL (`rewards._admit_test_run`, JSON), read back into
 * the daily limit's sentence and its Retry-After; undefined for anything else.
 */
export const dailyTestLimitOfDetail = (detail: string): { message: string; retryAfterSeconds: number } | undefined => {
  let figures: unknown;
  try {
    figures = JSON.parse(detail);
  } catch {
    return undefined;
  }
  const { limit, held, next, retry_after_seconds: retry } = (figures ?? {}) as Record<string, unknown>;
  if (typeof limit !== 'number' || typeof held !== 'number' || typeof retry !== 'number') return undefined;
  let nextTier: NextTier | null = null;
  if (next !== null) {
    const { name, required_tokens: required, max_tests_per_day: max } = (next ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || typeof required !== 'number' || (max !== null && typeof max !== 'number')) return undefined;
    nextTier = { name, requiredTokens: required, maxTestsPerDay: max };
  }
  return { message: rewardsMessages.dailyTestLimit(limit, nextTier, held), retryAfterSeconds: retry };
};

/**
 * The SQLSTATEs that rewards' published SQL functions raise (`rewards.debit_cash`,
 * `rewards.convert_points_to_cash`, `rewards.start_engine_run`; services/rewards/README.md) and
 * what a service answers for each. A domain whose code calls this client registers this map
 * instead of writing its own: `createServiceApp('marketplace', sql, { sqlStates: rewardsSqlStates })`.
 * Invalid arguments (22023) and a missing user (22004) are PostgreSQL's generic states, which the
 * kit maps itself. Server-only: the browser never sees a SQLSTATE, so this is not in contracts.
 */
export const rewardsSqlStates = {
  /** Not enough points (convert_points_to_cash). */
  RW001: { status: 422, code: rewardsErrorCodes.insufficientPoints, message: rewardsMessages.insufficientPoints },
  /** Not enough cash (debit_cash never goes below zero). */
  RW002: { status: 422, code: rewardsErrorCodes.insufficientBalance, message: rewardsMessages.insufficientBalance },
  /**
   * The tier's tests for today are used up (start_engine_run; POST /test-runs): 429 with the
   * sentence rewards' own route gives (the next tier and the FORGE it needs) and a Retry-After
   * until midnight UTC, both from the error's detail.
   */
  RW006: { status: 429, code: rewardsErrorCodes.dailyTestLimit, message: rewardsMessages.dailyTestLimitUsed, detailed: dailyTestLimitOfDetail },
  /** CONTRACT_RUNS_WAITING_MAX of the user's contract runs are waiting or running (start_engine_run; POST /test-runs). */
  RW007: { status: 409, code: rewardsErrorCodes.contractRunsWaiting, message: rewardsMessages.contractRunsWaiting },
} as const satisfies SqlStateMap;
