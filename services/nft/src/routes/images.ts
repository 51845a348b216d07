import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  imageKeyParamSchema,
  imageSizeParamSchema,
  imageUploadedSchema,
  nftErrorCodes,
  nftImageSizes,
  nftMessages,
  type NftImageSize,
} from '@starforge/contracts/nft';
import { createRouter, errorResponse, jsonResponse, notFound, protectedRoute, rawRequestBody, requestBytes } from '@starforge/service-kit';
import { readImage, storeImage } from '../domain/images';
import { ImageCache } from '../domain/image-cache';
import type { NftDeps } from '../deps';

/** A key names the same bytes forever: caches may keep them as long as they like. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const isImageSize = (size: string): size is NftImageSize => (nftImageSizes as string[]).includes(size);
const binary = { schema: { type: 'string' as const, format: 'binary' } };

/** Image upload (raw bytes, typed by their magic numbers) and the public, immutable image read. */
export const imageRoutes = (deps: NftDeps) => {
  const imageDeps = {
    sql: deps.sql,
    jobs: deps.jobs,
    storage: deps.storage,
    orphanAfterSeconds: deps.config.imageOrphanAfterSeconds,
    cache: new ImageCache(),
    making: new Map(),
  };
  const uploadRoute = protectedRoute(deps.requireUser, {
    method: 'post',
    path: '/images',
    tags: ['images'],
    summary:
      'Upload an image as its raw bytes (PNG, JPEG, GIF or WebP, at most 10 MiB, 50 megapixels and 16,384 px a side). Its type is decided by the bytes, which must decode whole; what is stored and served is its sizes (grid, detail: WebP without metadata), not the upload. The same bytes are the same image (one key). Removed a day after its last upload unless an NFT uses it',
    request: { body: rawRequestBody('POST', '/api/nft/images', "The image file's raw bytes") },
    responses: {
      201: jsonResponse('The stored image', imageUploadedSchema),
      413: errorResponse(`payload_too_large: ${nftMessages.imageTooLarge}`),
      415: errorResponse(
        `invalid_image: ${nftMessages.invalidImage} (the bytes are not a whole PNG, JPEG, GIF or WebP, or declare more than the limits); or unsupported_media_type`,
      ),
    },
  });
  // Public: an <img> sends no token. Any key that names no stored image is a 404.
  const responses = {
    200: { description: 'The image at that size: WebP, no metadata', content: { 'image/webp': binary } },
    404: errorResponse('image_not_found: no image has this key (or its upload, stored before sizes existed, does not decode)'),
  };
  const readRouteAt = <P extends typeof imageKeyParamSchema | typeof imageSizeParamSchema>(path: string, summary: string, params: P) =>
    createRoute({ method: 'get', path, tags: ['images'], summary, request: { params }, responses });
  const readRoute = readRouteAt('/images/{key}', 'An uploaded image at its detail size (as `/images/{key}/detail`); cached as immutable', imageKeyParamSchema);
  const readSizeRoute = readRouteAt(
    '/images/{key}/{size}',
    'An uploaded image at one of its sizes: grid (a 512 px square, for cards) or detail (at most 1280 px a side); cached as immutable',
    imageSizeParamSchema,
  );

  const send = async (c: Context, key: string, size: NftImageSize) => {
    const image = await readImage(imageDeps, key, size);
    if (!image) throw notFound('Image not found', nftErrorCodes.imageNotFound);
    const headers = {
      'content-type': image.contentType,
      'content-length': String(image.size),
      'cache-control': IMMUTABLE,
      'x-content-type-options': 'nosniff',
    };
    // Hono answers HEAD from this GET route by dropping the body: close the file now instead of at garbage collection.
    if (c.req.method === 'HEAD') {
      if (image.body instanceof ReadableStream) await image.body.cancel();
      return c.body(null, 200, headers);
    }
    return c.body(image.body, 200, headers);
  };

  return createRouter()
    .openapi(uploadRoute, async (c) => c.json({ image: await storeImage(imageDeps, c.var.user.id, await requestBytes(c)) }, 201))
    .openapi(readRoute, (c) => send(c, c.req.valid('param').key, 'detail'))
    .openapi(readSizeRoute, (c) => {
      const { key, size } = c.req.valid('param');
      if (!isImageSize(size)) throw notFound('Image not found', nftErrorCodes.imageNotFound);
      return send(c, key, size);
    });
};
