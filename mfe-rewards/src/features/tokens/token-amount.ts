import { rewardsMessages } from '@starforge/contracts/rewards';

export type TokenAmount = { ok: true; amount: number } | { ok: false; message: string };

const wholePositive = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The stake form's amount (spec section 5): a positive whole number of FORGE, not above what is available. */
export const stakeAmount = (text: string, available: number): TokenAmount => {
  const amount = wholePositive(text);
  if (amount === null) return { ok: false, message: rewardsMessages.stakeInvalid };
  if (amount > available) return { ok: false, message: rewardsMessages.stakeInsufficient };
  return { ok: true, amount };
};

/** The unstake form's amount: a positive whole number of FORGE, not above what is staked. */
export const unstakeAmount = (text: string, staked: number): TokenAmount => {
  const amount = wholePositive(text);
  if (amount === null) return { ok: false, message: rewardsMessages.unstakeInvalid };
  if (amount > staked) return { ok: false, message: rewardsMessages.unstakeInsufficient };
  return { ok: true, amount };
};
