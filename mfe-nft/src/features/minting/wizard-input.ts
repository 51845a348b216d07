import type { MintNftRequest } from '@starforge/contracts/nft';
import {
  DEFAULT_ROYALTY,
  MINT_CATEGORIES,
  NFT_DESCRIPTION_MAX_LENGTH,
  NFT_DESCRIPTION_MIN_LENGTH,
  NFT_NAME_MAX_LENGTH,
  NFT_NAME_MIN_LENGTH,
  nftMessages,
  type MintCategory,
} from '@starforge/contracts/nft';
import { editionSizeInput } from '../../shared/lib/edition-size';
import { imageFileIssue } from '../../shared/lib/image-file';
import { parseRoyalty, royaltyIssue } from '../../shared/lib/royalty';
import { tagsIssue } from '../../shared/lib/tags';

/** Step 1, Details, as typed. */
export interface MintDetails {
  name: string;
  description: string;
  category: MintCategory | '';
  tags: string[];
}

/** Step 2, Media & Settings, as typed; `F` is the chosen file (a File in the page). */
export interface MintSettings<F extends { type: string; size: number } = File> {
  image: F | null;
  limited: boolean;
  editionSize: string;
  royalty: string;
}

export const emptyDetails: MintDetails = { name: '', description: '', category: '', tags: [] };
export const defaultSettings: MintSettings<never> = { image: null, limited: false, editionSize: '1', royalty: String(DEFAULT_ROYALTY) };

const isMintCategory = (value: string): value is MintCategory => (MINT_CATEGORIES as readonly string[]).includes(value);

export type DetailsErrors = Partial<Record<'name' | 'description' | 'category' | 'tags', string>>;

/** What is wrong in step 1, field by field (spec section 5); empty when Continue may go on. */
export const detailsErrors = ({ name, description, category, tags }: MintDetails): DetailsErrors => {
  const errors: DetailsErrors = {};
  const trimmedName = name.trim();
  if (trimmedName.length < NFT_NAME_MIN_LENGTH) errors.name = nftMessages.nameTooShort;
  else if (trimmedName.length > NFT_NAME_MAX_LENGTH) errors.name = nftMessages.nameTooLong;
  const trimmedDescription = description.trim();
  if (trimmedDescription.length < NFT_DESCRIPTION_MIN_LENGTH) errors.description = nftMessages.descriptionTooShort;
  else if (trimmedDescription.length > NFT_DESCRIPTION_MAX_LENGTH) errors.description = nftMessages.descriptionTooLong;
  if (!isMintCategory(category)) errors.category = nftMessages.selectCategory;
  const tagProblem = tagsIssue(tags);
  if (tagProblem) errors.tags = tagProblem;
  return errors;
};

export type SettingsErrors = Partial<Record<'image' | 'editionSize' | 'royalty', string>>;

/** What is wrong in step 2, field by field: an image is required, the edition size and royalty in range. */
export const settingsErrors = <F extends { type: string; size: number }>({ image, limited, editionSize, royalty }: MintSettings<F>): SettingsErrors => {
  const errors: SettingsErrors = {};
  const imageProblem = image ? imageFileIssue(image) : nftMessages.imageRequired;
  if (imageProblem) errors.image = imageProblem;
  const edition = editionSizeInput(limited, editionSize);
  if (!edition.ok) errors.editionSize = edition.message;
  const royaltyProblem = royaltyIssue(parseRoyalty(royalty));
  if (royaltyProblem) errors.royalty = royaltyProblem;
  return errors;
};

const isEmpty = (errors: object) => Object.keys(errors).length === 0;

/** Continue from step 1 to step 2: only with valid details, else 'Please complete all required fields'. */
export const continueCheck = (details: MintDetails): { ok: true } | { ok: false; message: string } =>
  isEmpty(detailsErrors(details)) ? { ok: true } : { ok: false, message: nftMessages.completeRequiredFields };

export type MintInput<F> = { ok: true; image: F; body: Omit<MintNftRequest, 'image_key'> } | { ok: false; message: string };

/**
 * Mint: signed in ('Please sign in to mint NFTs'), every field of both steps valid ('Please fill
 * in all required fields correctly'); then the image to upload and the body of POST /mints
 * (trimmed texts, the edition size only for a limited edition, the royalty as a number).
 */
export const mintInput = <F extends { type: string; size: number }>(signedIn: boolean, details: MintDetails, settings: MintSettings<F>): MintInput<F> => {
  if (!signedIn) return { ok: false, message: nftMessages.signInToMint };
  const edition = editionSizeInput(settings.limited, settings.editionSize);
  const { image } = settings;
  if (!isEmpty(detailsErrors(details)) || !isEmpty(settingsErrors(settings)) || !edition.ok || !image || !isMintCategory(details.category)) {
    return { ok: false, message: nftMessages.fillRequiredCorrectly };
  }
  return {
    ok: true,
    image,
    body: {
      name: details.name.trim(),
      description: details.description.trim(),
      category: details.category,
      tags: details.tags,
      is_limited_edition: settings.limited,
      edition_size: edition.size,
      creator_royalty: Math.round(parseRoyalty(settings.royalty) * 10) / 10,
    },
  };
};
