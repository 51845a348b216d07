import '../shared/zod';
import { z } from 'zod';
import { CREATOR_CATEGORIES, DEFAULT_CREATOR_CATEGORY, DEFAULT_ROYALTY, NFT_DESCRIPTION_MAX_LENGTH, nftMessages } from '../nft/constants';
import { LISTING_STATUSES, marketplaceMessages } from './constants';
import { dollarsSchema } from '../shared/money-schema';
import { editionFields, editionRule, imageKeySchema, nftNameSchema, nftTagsSchema, royaltySchema } from '../nft/schemas';
import { text } from '../shared/text';

/**
 * Wire formats of the marketplace service (`/api/marketplace`): listings (the spec's
 * `nft_sales`), prices in integer cents. The user is the token's subject; no answer carries
 * another user's id.
 */

const timestamp = z.string();

/** A price as typed ("12.50") or a number, in cents; it must be more than 0 ('Please enter a valid price'). */
export const priceSchema = (message: string = marketplaceMessages.invalidPrice) => dollarsSchema(message);

export const listingSchema = z.object({
  id: z.uuid(),
  nft_id: z.uuid(),
  price_cents: z.number().int().positive(),
  status: z.enum(LISTING_STATUSES),
  /** When it was listed (the page's "listed date"). */
  listed_at: timestamp,
  sold_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  /** Whether the caller is the seller. */
  seller_is_me: z.boolean(),
});
export type Listing = z.infer<typeof listingSchema>;
/** GET /nfts/:id/listing: the NFT's active listing, or null when it is not for sale. */
export const nftListingSchema = z.object({ listing: listingSchema.nullable() });
export type NftListingAnswer = z.infer<typeof nftListingSchema>;
export const listingAnswerSchema = z.object({ listing: listingSchema });
export type ListingAnswer = z.infer<typeof listingAnswerSchema>;

/** POST /nfts/:id/listing. */
export const listNftSchema = z.object({ price: priceSchema() });
export type ListNftRequest = z.input<typeof listNftSchema>;

/**
 * POST /created-nfts: the NFT creator's form. Name and price required ('Please fill in all
 * required fields'); created completed on Ethereum and listed at its price in one transaction.
 */
export const createNftSchema = z
  .object({
    // A missing name says what the form says, not zod's words for a missing string.
    name: z.string(nftMessages.fillAllRequired).pipe(nftNameSchema),
    description: text().trim().max(NFT_DESCRIPTION_MAX_LENGTH, nftMessages.descriptionTooLong).default(''),
    category: z.enum(CREATOR_CATEGORIES, nftMessages.selectCategory).default(DEFAULT_CREATOR_CATEGORY),
    price: priceSchema(),
    creator_royalty: royaltySchema.default(DEFAULT_ROYALTY),
    ...editionFields,
    tags: nftTagsSchema.default([]),
    image_key: imageKeySchema.nullable().default(null),
  })
  .superRefine(editionRule);
export type CreateNftRequest = z.input<typeof createNftSchema>;
export type CreateNft = z.output<typeof createNftSchema>;

export const createdNftSchema = z.object({ nft_id: z.uuid(), listing: listingSchema });
export type CreatedNft = z.infer<typeof createdNftSchema>;

// Kept where the screens read it without zod; re-exported for the schemas' readers.
export { splitCreatorTags } from './constants';
