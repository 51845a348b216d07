import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, NFT_IMAGE_SIZES, type NftImageSize } from '@starforge/contracts/nft';
import sharp from 'sharp';
import type { ImageMediaType } from './sniff';

// Every upload is a new image: libvips' operation cache would only hold memory.
sharp.cache(false);

/** What the service serves of an image: each size, WebP, no metadata. */
export type ImageSizes = Record<NftImageSize, Buffer>;

export interface ImageLimits {
  maxPixels: number;
  maxSide: number;
}
const LIMITS: ImageLimits = { maxPixels: IMAGE_MAX_PIXELS, maxSide: IMAGE_MAX_SIDE };

/** The format libvips reports for each type the sniff lets in. */
const VIPS_FORMAT: Record<ImageMediaType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** Bytes that do not decode as the image they start like, or that declare too many pixels. */
export class UndecodableImage extends Error {}

/**
 * Images decoded at once by this process. libvips runs on libuv's thread pool (four threads by
 * default), which the file store's reads share: two big decodes leave room for serving images.
 */
const DECODES_AT_ONCE = 2;
let decoding = 0;
const waiting: (() => void)[] = [];
const inSlot = async <T>(work: () => Promise<T>): Promise<T> => {
  if (decoding >= DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
};

/**
 * Decodes `bytes` with libvips (sharp, off the event loop) and makes every size of it: the grid's
 * square and the detail size, turned upright by their EXIF orientation, in sRGB, without EXIF,
 * XMP, IPTC or ICC data, an animation kept animated. Refuses (UndecodableImage) bytes whose header
 * is not a `type` image, that declare more than the limits (checked from the header, before any
 * pixel is decoded), or whose pixels fail to decode, truncated ones included (`failOn: 'warning'`).
 */
export const makeImageSizes = (bytes: Uint8Array, type: ImageMediaType, limits: ImageLimits = LIMITS): Promise<ImageSizes> =>
  inSlot(async () => {
    const input = () => sharp(bytes, { animated: true, autoOrient: true, failOn: 'warning', limitInputPixels: limits.maxPixels });
    try {
      const header = await input().metadata();
      const height = header.pageHeight ?? header.height;
      if (header.format !== VIPS_FORMAT[type] || header.width > limits.maxSide || height > limits.maxSide) {
        throw new UndecodableImage(`not a ${type} of at most ${limits.maxSide} px a side`);
      }
      // One after the other: each holds a thread of the pool while it runs.
      const grid = await input()
        .resize(NFT_IMAGE_SIZES.grid, NFT_IMAGE_SIZES.grid, { fit: 'cover', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
      const detail = await input()
        .resize(NFT_IMAGE_SIZES.detail, NFT_IMAGE_SIZES.detail, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      return { grid, detail };
    } catch (error) {
      if (error instanceof UndecodableImage) throw error;
      // sharp's errors are plain Errors with libvips' words: every one here is about the input.
      throw new UndecodableImage((error as Error).message);
    }
  });
