/** FORGE, the platform token: its grants and the staking panel's amounts. */

/** FORGE, the platform token: every new account gets this many, so staking can be tried. */
export const FORGE_WELCOME_GRANT = 1_000;

/**
 * FORGE's source after the welcome grant: each completed test run earns this many, for the first
 * FORGE_TEST_GRANTS_PER_DAY completed runs of a UTC day. The cap does not grow with the tier, so
 * a script earns no more than an active person: Silver in 8 days, Gold in 38.
 */
export const FORGE_PER_COMPLETED_TEST = 25;

export const FORGE_TEST_GRANTS_PER_DAY = 20;

export const FORGE_TEST_DAILY_MAX = FORGE_PER_COMPLETED_TEST * FORGE_TEST_GRANTS_PER_DAY;

/** The tier a user's FORGE would reach next, as the daily-limit message names it. */
export interface NextTier {
  name: string;
  requiredTokens: number;
  /** null: no daily limit. */
  maxTestsPerDay: number | null;
}

export const STAKE_QUICK_AMOUNTS = [100, 500] as const;

export const UNSTAKE_QUICK_AMOUNT = 100;
