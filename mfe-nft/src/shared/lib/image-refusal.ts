import { nftErrorCodes, nftMessages } from '@starforge/contracts/nft';
import { readFailure } from '@starforge/host';

/**
 * The server's words when it refused an image's bytes: 413 (over 10 MiB) or 415 (not a PNG,
 * JPEG, GIF or WebP by its magic numbers). The browser checks both first, so this shows only
 * when that check was bypassed (a text file declared as image/png). Null for any other failure.
 */
export const imageRefusal = (error: unknown): string | null => {
  const { status, code, message } = readFailure(error);
  if (status === 413) return message || nftMessages.imageTooLarge;
  // Another 415 (a type the route does not take) names media types; people get the spec's words.
  if (status === 415) return code === nftErrorCodes.invalidImage && message ? message : nftMessages.invalidImage;
  return null;
};
