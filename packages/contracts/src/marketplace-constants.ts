/**
 * The marketplace domain's constants and user-facing words (spec sections 4, 5 and 8), without
 * zod, so screens import them without pulling zod in. Schemas are in marketplace.ts.
 */

export const LISTING_STATUSES = ['listed', 'cancelled', 'sold'] as const;

/** The marketplace grid's page (GET /listings) and the longest search it takes. */
export const MARKETPLACE_PAGE_SIZE = 24;
export const MARKETPLACE_SEARCH_MAX_LENGTH = 100;

export const marketplaceErrorCodes = {
  alreadyListed: 'already_listed',
  notListed: 'not_listed',
} as const;

export const marketplaceMessages = {
  invalidPrice: 'Please enter a valid price',
  listed: 'NFT listed for sale successfully!',
  removed: 'NFT removed from sale',
  listFailed: 'Failed to list NFT for sale',
  removeFailed: 'Failed to remove NFT from sale',
  alreadyListed: 'This NFT is already listed for sale',
  notForSale: 'This NFT is not for sale',
  notAvailable: 'This NFT is not available for purchase',
  listForSale: 'List for Sale',
  confirmListing: 'Confirm Listing',
  removeFromSale: 'Remove from Sale',
  purchase: 'Purchase NFT',
  forSale: 'For Sale',
  purchaseFailed: 'Failed to purchase NFT',
} as const;

/** Creator tags as typed: comma separated, each trimmed, empties dropped (spec section 5). */
export const splitCreatorTags = (value: string): string[] =>
  value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
