import { imageMediaTypes } from '@starforge/contracts/shared';
import { IMAGE_MAX_BYTES, nftMessages } from '@starforge/contracts/nft';

/** What the file inputs offer: the types the server stores (it reads the bytes again to be sure). */
export const IMAGE_ACCEPT = imageMediaTypes.join(',');

/**
 * Why a chosen file cannot be uploaded, checked in the browser before a byte is sent (spec
 * section 5), or null: one of the image types the server stores, not empty, at most 10 MiB.
 */
export const imageFileIssue = (file: { type: string; size: number }): string | null => {
  if (!(imageMediaTypes as readonly string[]).includes(file.type) || file.size === 0) return nftMessages.invalidImage;
  if (file.size > IMAGE_MAX_BYTES) return nftMessages.imageTooLarge;
  return null;
};
