import { centsForPoints, MIN_CONVERSION_POINTS, POINTS_PER_CENT, rewardsMessages } from '@starforge/contracts/rewards';

export type ConversionInput = { ok: true; points: number } | { ok: false; message: string };

/**
 * The convert form's points (spec section 5): a whole number of at least 1000, in steps of 10
 * (10 points make a cent, so no point is lost), not above the points balance.
 */
export const conversionInput = (text: string, pointsBalance: number): ConversionInput => {
  const trimmed = text.trim();
  const points = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(points) || points < MIN_CONVERSION_POINTS) return { ok: false, message: rewardsMessages.minConversion };
  if (points % POINTS_PER_CENT !== 0) return { ok: false, message: rewardsMessages.conversionStep };
  if (points > pointsBalance) return { ok: false, message: rewardsMessages.insufficientPoints };
  return { ok: true, points };
};

/** What the preview says the form would credit: points / 1000 dollars, in cents (0 while the text is no number). */
export const previewCents = (text: string): number => {
  const points = Number(text.trim());
  return Number.isFinite(points) && points > 0 ? centsForPoints(Math.floor(points)) : 0;
};
