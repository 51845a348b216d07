import { nftMessages, ROYALTY_MAX, ROYALTY_MIN } from '@starforge/contracts/nft';

/** The royalty field as typed, in percent; anything that is not a number is 0 (spec section 5). */
export const parseRoyalty = (text: string): number => {
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : 0;
};

/** Why a royalty cannot be sent (0 to 10 in steps of 0.1, as royaltySchema says), or null. */
export const royaltyIssue = (royalty: number): string | null => {
  if (royalty < ROYALTY_MIN || royalty > ROYALTY_MAX) return nftMessages.royaltyRange;
  // Within floating point's reach of a tenth: 2.3 is 22.999999999999996 tenths.
  if (Math.abs(royalty * 10 - Math.round(royalty * 10)) > 1e-9) return nftMessages.royaltyStep;
  return null;
};
