/** Withdrawals (spec section 4). */

/** Spec section 4: a withdrawal completes about 3 s after it is accepted. */
export const WITHDRAWAL_COMPLETION_DELAY_MS = 3_000;

export const MIN_WITHDRAWAL_CENTS = 1;

export const WITHDRAWAL_SHORTCUTS = [25, 50, 75, 100] as const;
