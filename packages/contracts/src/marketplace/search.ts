import '../shared/zod';
import { z } from 'zod';
import { MARKETPLACE_SEARCH_MAX_LENGTH } from './constants';
import { pageNumber } from '../shared/query-numbers';
import { text } from '../shared/text';
import { seenQuerySchema } from '../shared/transaction-id';

/**
 * GET /listings (`/api/marketplace`): the marketplace's grid, listed NFTs newest first, a page of
 * MARKETPLACE_PAGE_SIZE, searched by the server (case-insensitive on the NFT's name and
 * description, the seller's display name and full name; `%` and `_` are matched literally).
 * Sellers are shown by their display name only: no answer carries a user's id or e-mail.
 */

export const marketplaceSearchQuerySchema = z.object({
  /** Trimmed; empty means every listed NFT. */
  q: text().trim().max(MARKETPLACE_SEARCH_MAX_LENGTH, `Search at most ${MARKETPLACE_SEARCH_MAX_LENGTH} characters`).default(''),
  /** From 1. */
  page: pageNumber(),
  /** The transaction id of the newest `marketplace.listing_changed` the screen heard: the page is no older than it. */
  ...seenQuerySchema.shape,
});
export type MarketplaceSearchQuery = z.output<typeof marketplaceSearchQuerySchema>;

export const marketplaceListingSchema = z.object({
  listing_id: z.uuid(),
  nft_id: z.uuid(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  token_id: z.string().nullable(),
  /** The seller's display name (auth's public_profiles): full name, a shortened wallet, or 'Starforge user'. */
  seller_name: z.string(),
  price_cents: z.number().int().positive(),
  listed_at: z.string(),
  /** Whether the caller is the seller (the grid offers no Buy on one's own NFT). */
  seller_is_me: z.boolean(),
});
export type MarketplaceListing = z.infer<typeof marketplaceListingSchema>;

export const marketplaceSearchAnswerSchema = z.object({
  listings: z.array(marketplaceListingSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type MarketplaceSearchAnswer = z.infer<typeof marketplaceSearchAnswerSchema>;
