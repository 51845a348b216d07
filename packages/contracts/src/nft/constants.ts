/**
 * The nft domain's constants (spec sections 4, 5 and 9) and user-facing words (spec sections 5
 * and 8), without zod, so screens import them without pulling zod in. Schemas are in nft.ts.
 */

/** The minting wizard's ten categories (spec section 9). */
export const MINT_CATEGORIES = ['Art', 'Photography', 'Music', 'Video', 'Gaming', 'Sports', 'Collectibles', 'Utility', 'PFP', 'Memes'] as const;
export type MintCategory = (typeof MINT_CATEGORIES)[number];

/** The NFT creator's six categories (spec section 5), a subset of the wizard's; Art by default. */
export const CREATOR_CATEGORIES = ['Art', 'Photography', 'Music', 'Video', 'Gaming', 'Collectibles'] as const satisfies readonly MintCategory[];
export type CreatorCategory = (typeof CREATOR_CATEGORIES)[number];
export const DEFAULT_CREATOR_CATEGORY: CreatorCategory = 'Art';

/**
 * A mint's status: inserted `pending`, `completed` by the mint job 4 s later (spec section 4).
 * `failed` is the spec's "other": a mint the chain refused; cards show it red.
 */
export const NFT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type NftStatus = (typeof NFT_STATUSES)[number];

/** Where the NFT was made: the dashboard's minting wizard, or /nft-creator (created completed and listed). */
export const NFT_ORIGINS = ['wizard', 'creator'] as const;
export type NftOrigin = (typeof NFT_ORIGINS)[number];

/** Spec section 4: a mint completes about 4 s after it is accepted. */
export const MINT_DELAY_MS = 4_000;

export const NFT_NAME_MIN_LENGTH = 3;
export const NFT_NAME_MAX_LENGTH = 100;
export const NFT_DESCRIPTION_MIN_LENGTH = 10;
/** The wizard's counter shows length/500 (spec section 5). */
export const NFT_DESCRIPTION_MAX_LENGTH = 500;
export const NFT_MAX_TAGS = 5;
export const NFT_TAG_MAX_LENGTH = 30;
/** Royalty in percent: 0 to 10, step 0.1, default 5 (spec sections 5 and 9). */
export const ROYALTY_MIN = 0;
export const ROYALTY_MAX = 10;
export const ROYALTY_STEP = 0.1;
export const DEFAULT_ROYALTY = 5;
export const EDITION_SIZE_MIN = 1;
export const EDITION_SIZE_MAX = 1_000_000;

/** Images: at most 10 MiB (spec section 9: "Image max 10 MB"); the body limit reads this too. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** An uploaded image that no NFT uses this long after its last upload is removed. */
export const IMAGE_ORPHAN_AFTER_SECONDS = 24 * 60 * 60;
/** An image's key is the SHA-256 of its bytes, in lowercase hex. */
export const IMAGE_KEY_PATTERN = /^[0-9a-f]{64}$/;
/**
 * Where the browser reads an image (public, immutable): its detail size (`nftImageSizeUrl`). An
 * upload is never served as sent, only as the sizes the service made of it.
 */
export const nftImageUrl = (key: string): string => `/api/nft/images/${key}`;

/**
 * The sizes the service stores of every upload, all WebP without metadata: `grid` for the cards
 * (collection, marketplace, cart, order summary) and `detail` for /nft/:id. A size's recipe never
 * changes under its name (its URL is cached as immutable): a new recipe gets a new name.
 */
export const NFT_IMAGE_SIZES = {
  /** A square of this side, cut from the middle as the cards show it (CSS `object-fit: cover`). */
  grid: 512,
  /** The whole image, its longer side at most this. */
  detail: 1280,
} as const;
export type NftImageSize = keyof typeof NFT_IMAGE_SIZES;
export const nftImageSizes = Object.keys(NFT_IMAGE_SIZES) as NftImageSize[];
/** An image's URL (`image_url`, `nftImageUrl`) at one of its sizes. */
export const nftImageSizeUrl = (imageUrl: string, size: NftImageSize): string => `${imageUrl}/${size}`;

/**
 * What an upload may declare, checked from its header before its pixels are decoded (issue 26):
 * at most 50 megapixels in all (every frame of an animation counted; a 48 MP phone photo fits,
 * and decoding one takes about 200 MB), and at most 16,384 pixels on either side.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const IMAGE_MAX_SIDE = 16_384;

/** Network of NFTs made on /nft-creator (spec section 4). */
export const CREATOR_NETWORK = 'ethereum';

/** Card colours by status (spec section 4): completed green, pending yellow, anything else red. */
export const nftStatusTone = (status: string): 'green' | 'yellow' | 'red' => (status === 'completed' ? 'green' : status === 'pending' ? 'yellow' : 'red');

export const nftErrorCodes = {
  invalidImage: 'invalid_image',
  imageTooLarge: 'payload_too_large',
  imageNotFound: 'image_not_found',
  nftNotFound: 'nft_not_found',
  notOwner: 'not_owner',
  notMinted: 'not_minted',
} as const;

export const nftMessages = {
  nameTooShort: `Name must be at least ${NFT_NAME_MIN_LENGTH} characters`,
  nameTooLong: `Name must be at most ${NFT_NAME_MAX_LENGTH} characters`,
  descriptionTooShort: `Description must be at least ${NFT_DESCRIPTION_MIN_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${NFT_DESCRIPTION_MAX_LENGTH} characters`,
  selectCategory: 'Please select a category',
  imageRequired: 'Please select an image',
  imageTooLarge: 'Image size must be less than 10MB',
  invalidImage: 'Please select a valid image file',
  tooManyTags: `At most ${NFT_MAX_TAGS} tags`,
  duplicateTag: 'That tag is already added',
  tagTooLong: `A tag is at most ${NFT_TAG_MAX_LENGTH} characters`,
  royaltyRange: `Royalty must be between ${ROYALTY_MIN} and ${ROYALTY_MAX}%`,
  royaltyStep: 'Royalty goes in steps of 0.1%',
  editionSize: `Edition size must be at least ${EDITION_SIZE_MIN}`,
  editionSizeNotLimited: 'Edition size is only set for a limited edition',
  completeRequiredFields: 'Please complete all required fields',
  fillRequiredCorrectly: 'Please fill in all required fields correctly',
  signInToMint: 'Please sign in to mint NFTs',
  mintingFailedPrefix: 'Minting failed: ',
  mintInitiated: 'NFT minting initiated!',
  minted: (tokenId: string) => `NFT minted successfully! Token ID: ${tokenId}`,
  mintPoints: (points: number) => `+${points} points earned for NFT mint!`,
  /** A mint past the day's points-earning mints (MINT_POINT_AWARDS_PER_DAY in rewards-constants). */
  mintNoPoints: (perDay: number) =>
    `This mint earned no points: minting earns points for ${perDay} NFTs a day (UTC) and today's are used. Your NFT is minted and counts in NFTs Minted.`,
  mintAnother: 'Mint Another NFT',
  loadNftsFailed: 'Failed to load NFTs',
  loadNftFailed: 'Failed to load NFT details',
  noNfts: 'No NFTs Found',
  goToDashboard: 'Go to Dashboard',
  viewDetails: 'View Details',
  ownedByYou: 'Owned by you',
  ownedByAnother: 'Owned by another user',
  nftNotFound: 'NFT not found',
  imageNotFound: 'The image was not found. Please select it again.',
  notOwner: 'Only the NFT\u2019s current owner can do that',
  notMinted: 'This NFT is still being minted',
  fillAllRequired: 'Please fill in all required fields',
  createNft: 'Create NFT',
  creatingNft: 'Creating NFT...',
  created: 'NFT created successfully!',
  createFailed: 'Failed to create NFT',
} as const;
