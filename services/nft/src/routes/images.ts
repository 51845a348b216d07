import { createRoute } from '@hono/zod-openapi';
import { imageKeyParamSchema, imageMediaTypes, imageUploadedSchema, nftErrorCodes, nftMessages } from '@starforge/contracts';
import { createRouter, errorResponse, jsonResponse, notFound, protectedRoute, rawRequestBody, requestBytes } from '@starforge/service-kit';
import { readImage, storeImage } from '../domain/images';
import { ImageCache } from '../domain/image-cache';
import type { NftDeps } from '../deps';

/** A key names the same bytes forever: caches may keep them as long as they like. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const binary = { schema: { type: 'string' as const, format: 'binary' } };

/** Image upload (raw bytes, typed by their magic numbers) and the public, immutable image read. */
export const imageRoutes = (deps: NftDeps) => {
  const imageDeps = {
    sql: deps.sql,
    jobs: deps.jobs,
    storage: deps.storage,
    orphanAfterSeconds: deps.config.imageOrphanAfterSeconds,
    cache: new ImageCache(),
  };
  const uploadRoute = protectedRoute(deps.requireUser, {
    method: 'post',
    path: '/images',
    tags: ['images'],
    summary:
      'Upload an image as its raw bytes (PNG, JPEG, GIF or WebP, at most 10 MiB). Its type is decided by the bytes; the same bytes are the same image (one key). Removed a day after its last upload unless an NFT uses it',
    request: { body: rawRequestBody('POST', '/api/nft/images', "The image file's raw bytes") },
    responses: {
      201: jsonResponse('The stored image', imageUploadedSchema),
      413: errorResponse(`payload_too_large: ${nftMessages.imageTooLarge}`),
      415: errorResponse(`invalid_image: ${nftMessages.invalidImage} (the bytes are not a PNG, JPEG, GIF or WebP); or unsupported_media_type`),
    },
  });
  // Public: an <img> sends no token. Any key that names no stored image is a 404.
  const readRoute = createRoute({
    method: 'get',
    path: '/images/{key}',
    tags: ['images'],
    summary: 'An uploaded image, with the type its bytes were sniffed as; cached as immutable',
    request: { params: imageKeyParamSchema },
    responses: {
      200: { description: 'The image bytes', content: Object.fromEntries(imageMediaTypes.map((type) => [type, binary])) },
      404: errorResponse('image_not_found: no image has this key'),
    },
  });

  return createRouter()
    .openapi(uploadRoute, async (c) => c.json({ image: await storeImage(imageDeps, c.var.user.id, await requestBytes(c)) }, 201))
    .openapi(readRoute, async (c) => {
      const image = await readImage(imageDeps, c.req.valid('param').key);
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
    });
};
