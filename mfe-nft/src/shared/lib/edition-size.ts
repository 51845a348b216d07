import { EDITION_SIZE_MAX, EDITION_SIZE_MIN, nftMessages } from '@starforge/contracts/nft';

export type EditionSize = { ok: true; size: number | null } | { ok: false; message: string };

/**
 * The edition size a form sends: a whole number of at least 1 for a limited edition, and null
 * otherwise, whatever the hidden field holds (spec section 5: "otherwise stored empty").
 */
export const editionSizeInput = (limited: boolean, text: string): EditionSize => {
  if (!limited) return { ok: true, size: null };
  const trimmed = text.trim();
  const size = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return size >= EDITION_SIZE_MIN && size <= EDITION_SIZE_MAX ? { ok: true, size } : { ok: false, message: nftMessages.editionSize };
};
