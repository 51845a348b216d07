import type { CreateNftRequest } from '@starforge/contracts/marketplace';
import { splitCreatorTags } from '@starforge/contracts/marketplace';
import {
  CREATOR_CATEGORIES,
  DEFAULT_CREATOR_CATEGORY,
  DEFAULT_ROYALTY,
  NFT_DESCRIPTION_MAX_LENGTH,
  NFT_NAME_MAX_LENGTH,
  NFT_NAME_MIN_LENGTH,
  nftMessages,
  type CreatorCategory,
} from '@starforge/contracts/nft';
import { editionSizeInput } from '../../shared/lib/edition-size';
import { priceInput } from '../../shared/lib/price';
import { parseRoyalty, royaltyIssue } from '../../shared/lib/royalty';
import { tagsIssue } from '../../shared/lib/tags';

/** The /nft-creator form as typed. */
export interface CreatorFields {
  name: string;
  description: string;
  category: CreatorCategory;
  price: string;
  royalty: string;
  limited: boolean;
  editionSize: string;
  /** Comma separated, as typed. */
  tags: string;
}

export const defaultCreatorFields: CreatorFields = {
  name: '',
  description: '',
  category: DEFAULT_CREATOR_CATEGORY,
  price: '',
  royalty: String(DEFAULT_ROYALTY),
  limited: false,
  editionSize: '1',
  tags: '',
};

export const isCreatorCategory = (value: string): value is CreatorCategory => (CREATOR_CATEGORIES as readonly string[]).includes(value);

export type CreatorInput = { ok: true; body: Omit<CreateNftRequest, 'image_key'> } | { ok: false; message: string };

/**
 * The body of POST /api/marketplace/created-nfts from the form (spec section 5): name and price
 * required ('Please fill in all required fields'), then each rule the server checks again; texts
 * trimmed, tags split at commas and trimmed, the edition size only for a limited edition.
 */
export const creatorInput = (fields: CreatorFields): CreatorInput => {
  const name = fields.name.trim();
  if (!name || !fields.price.trim()) return { ok: false, message: nftMessages.fillAllRequired };
  if (name.length < NFT_NAME_MIN_LENGTH) return { ok: false, message: nftMessages.nameTooShort };
  if (name.length > NFT_NAME_MAX_LENGTH) return { ok: false, message: nftMessages.nameTooLong };
  const description = fields.description.trim();
  if (description.length > NFT_DESCRIPTION_MAX_LENGTH) return { ok: false, message: nftMessages.descriptionTooLong };
  const price = priceInput(fields.price);
  if (!price.ok) return price;
  const royalty = parseRoyalty(fields.royalty);
  const royaltyProblem = royaltyIssue(royalty);
  if (royaltyProblem) return { ok: false, message: royaltyProblem };
  const edition = editionSizeInput(fields.limited, fields.editionSize);
  if (!edition.ok) return edition;
  const tags = splitCreatorTags(fields.tags);
  const tagsProblem = tagsIssue(tags);
  if (tagsProblem) return { ok: false, message: tagsProblem };
  return {
    ok: true,
    body: {
      name,
      description,
      category: fields.category,
      price: price.price,
      creator_royalty: Math.round(royalty * 10) / 10,
      is_limited_edition: fields.limited,
      edition_size: edition.size,
      tags,
    },
  };
};
