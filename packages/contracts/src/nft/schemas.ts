import '../shared/zod';
import { z } from 'zod';
import {
  EDITION_SIZE_MAX,
  EDITION_SIZE_MIN,
  IMAGE_KEY_PATTERN,
  MINT_CATEGORIES,
  NFT_DESCRIPTION_MAX_LENGTH,
  NFT_DESCRIPTION_MIN_LENGTH,
  NFT_MAX_TAGS,
  NFT_NAME_MAX_LENGTH,
  NFT_NAME_MIN_LENGTH,
  NFT_ORIGINS,
  NFT_STATUSES,
  NFT_TAG_MAX_LENGTH,
  nftMessages,
  ROYALTY_MAX,
  ROYALTY_MIN,
} from './constants';
import { NETWORKS } from '../rewards/test-runs';
import { text } from '../shared/text';

/**
 * Wire formats of the nft service (`/api/nft`): snake_case like the spec's `nft_mints`. The
 * user is always the token's subject; no body names a user, and no answer carries another
 * user's id (`owned_by_me` / `created_by_me` say what the screen needs).
 */

const timestamp = z.string();

/** An image's key: the SHA-256 of its bytes (lowercase hex); missing, it asks for the image too. */
export const imageKeySchema = z.string(nftMessages.imageRequired).regex(IMAGE_KEY_PATTERN, nftMessages.imageRequired);

export const nftNameSchema = text().trim().min(NFT_NAME_MIN_LENGTH, nftMessages.nameTooShort).max(NFT_NAME_MAX_LENGTH, nftMessages.nameTooLong);

export const nftDescriptionSchema = text()
  .trim()
  .min(NFT_DESCRIPTION_MIN_LENGTH, nftMessages.descriptionTooShort)
  .max(NFT_DESCRIPTION_MAX_LENGTH, nftMessages.descriptionTooLong);

/** Tags: optional, at most 5, each trimmed and non-empty, no two alike (ignoring case). */
export const nftTagsSchema = z
  .array(text().trim().min(1).max(NFT_TAG_MAX_LENGTH, nftMessages.tagTooLong))
  .max(NFT_MAX_TAGS, nftMessages.tooManyTags)
  .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, nftMessages.duplicateTag);

/** Whether `value` is a multiple of 0.1 (within floating point's reach). */
const isTenth = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

/** Royalty in percent, 0 to 10 in steps of 0.1 (the browser turns a non-number into 0 before sending). */
export const royaltySchema = z
  .number(nftMessages.royaltyRange)
  .min(ROYALTY_MIN, nftMessages.royaltyRange)
  .max(ROYALTY_MAX, nftMessages.royaltyRange)
  .refine(isTenth, nftMessages.royaltyStep)
  .transform((value) => Math.round(value * 10) / 10);

const editionSizeSchema = z.number(nftMessages.editionSize).int(nftMessages.editionSize).min(EDITION_SIZE_MIN, nftMessages.editionSize).max(EDITION_SIZE_MAX);

/** The limited-edition pair: a size only when limited (spec: "otherwise stored empty"). */
export const editionFields = {
  is_limited_edition: z.boolean().default(false),
  edition_size: editionSizeSchema.nullable().default(null),
};
export const editionRule = <T extends { is_limited_edition: boolean; edition_size: number | null }>(value: T, ctx: z.RefinementCtx) => {
  if (value.is_limited_edition && value.edition_size === null) ctx.addIssue({ code: 'custom', path: ['edition_size'], message: nftMessages.editionSize });
  if (!value.is_limited_edition && value.edition_size !== null) {
    ctx.addIssue({ code: 'custom', path: ['edition_size'], message: nftMessages.editionSizeNotLimited });
  }
};

/** POST /mints: the minting wizard's three steps in one body. */
export const mintNftSchema = z
  .object({
    name: nftNameSchema,
    description: nftDescriptionSchema,
    category: z.enum(MINT_CATEGORIES, nftMessages.selectCategory),
    tags: nftTagsSchema.default([]),
    image_key: imageKeySchema,
    ...editionFields,
    creator_royalty: royaltySchema,
  })
  .superRefine(editionRule);
export type MintNftRequest = z.input<typeof mintNftSchema>;
export type MintNft = z.output<typeof mintNftSchema>;

/** Step 1 of the wizard alone: what must hold before Continue. */
export const mintDetailsSchema = z.object({
  name: nftNameSchema,
  description: nftDescriptionSchema,
  category: z.enum(MINT_CATEGORIES, nftMessages.selectCategory),
  tags: nftTagsSchema,
});

export const nftSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  image_key: z.string().nullable(),
  /** `/api/nft/images/<key>`, or null for an NFT made without an image. */
  image_url: z.string().nullable(),
  /** null when none were given (the spec's "list or null"). */
  tags: z.array(z.string()).nullable(),
  is_limited_edition: z.boolean(),
  edition_size: z.number().int().nullable(),
  creator_royalty: z.number(),
  status: z.enum(NFT_STATUSES),
  origin: z.enum(NFT_ORIGINS),
  network: z.enum(NETWORKS),
  tx_hash: z.string().nullable(),
  token_id: z.string().nullable(),
  minted_at: timestamp.nullable(),
  created_at: timestamp,
  /** Whether the caller is the current owner. */
  owned_by_me: z.boolean(),
  /** Whether the caller made it (the original creator). */
  created_by_me: z.boolean(),
});
export type Nft = z.infer<typeof nftSchema>;
export const nftAnswerSchema = z.object({ nft: nftSchema });
export type NftAnswer = z.infer<typeof nftAnswerSchema>;
export const nftsSchema = z.object({ nfts: z.array(nftSchema) });
export type NftsAnswer = z.infer<typeof nftsSchema>;

export const nftIdParamSchema = z.object({ id: z.uuid(nftMessages.nftNotFound) });
export const imageKeyParamSchema = z.object({ key: z.string() });
/** `/images/{key}/{size}`: a size that is not one of `nftImageSizes` names no image (404), like a malformed key. */
export const imageSizeParamSchema = z.object({ key: z.string(), size: z.string().describe('grid or detail') });

/** POST /images: the stored image (the same key for the same bytes, whoever sent them). */
export const storedImageSchema = z.object({
  key: z.string(),
  url: z.string(),
  content_type: z.string(),
  byte_size: z.number().int().positive(),
});
export type StoredImage = z.infer<typeof storedImageSchema>;
export const imageUploadedSchema = z.object({ image: storedImageSchema });
export type ImageUploadedAnswer = z.infer<typeof imageUploadedSchema>;
