import { randomBytes } from 'node:crypto';

/** One-pixel images of each type the service stores (real files: a viewer opens them). */
export const IMAGES = {
  'image/png': Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
  'image/jpeg': Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  'image/gif': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  'image/webp': Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
} as const;

export type ImageFixtureType = keyof typeof IMAGES;

/**
 * An image of `type` no other test uploads: the fixture, then random bytes after its end (which
 * viewers ignore), so its key (the SHA-256 of the bytes) is the test's own. `size` pads it to
 * exactly that many bytes.
 */
export const uniqueImage = (type: ImageFixtureType = 'image/png', size?: number): Buffer<ArrayBuffer> => {
  const bytes = Buffer.concat([IMAGES[type], randomBytes(16)]);
  if (size !== undefined && size < bytes.length) throw new Error(`uniqueImage: ${size} bytes is shorter than the image`);
  // Typed as over an ArrayBuffer (a request body); fetch sends a view's own bytes only.
  return (size === undefined ? bytes : Buffer.concat([bytes, Buffer.alloc(size - bytes.length, 0x20)])) as Buffer<ArrayBuffer>;
};
