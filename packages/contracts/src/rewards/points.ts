/** What earns points and what points are worth in cash (spec section 9). */

export const TEST_POINTS_COMPLETED = 50;

export const TEST_POINTS_FAILED = 25;

export const MINT_POINTS = 100;

/**
 * Minting's points are capped per day, as FORGE is (issue 26: one reused image minted 39 times in
 * 3 s was $4.50 to withdraw). The first MINT_POINT_AWARDS_PER_DAY completed mints of a UTC day
 * earn MINT_POINTS each; later ones still complete and count (NFTs Minted, the NFT achievements)
 * but earn no points. rewards.record_nft_mint applies it (a test compares the two).
 */
export const MINT_POINT_AWARDS_PER_DAY = 10;

/** 1000 points = $1.00 = 100 cents, so 10 points make a cent; at least 1000 at a time. */
export const POINTS_PER_DOLLAR = 1_000;

export const POINTS_PER_CENT = 10;

export const MIN_CONVERSION_POINTS = 1_000;

/**
 * The most one conversion can name: the spec's stored procedure takes an `integer`. No balance
 * comes near it (2^31 points is 43 million completed tests), so more is 'Not enough points'.
 */
export const MAX_CONVERSION_POINTS = 2_147_483_647;

/** What converting `points` would credit, in cents (the preview: points / 1000 dollars). */
export const centsForPoints = (points: number): number => Math.floor(points / POINTS_PER_CENT);
