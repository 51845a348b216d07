import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/** One-pixel images of each type the service stores (real files: a viewer opens them). */
export const IMAGES = {
  'image/png': Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
  'image/jpeg': Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z',
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

const pngChunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * A well-formed PNG that declares `width` × `height` grey pixels but carries only about 2 KB of
 * compressed rows: what a decoder would have to allocate is the declared size (a decompression bomb).
 */
const pngDeclaring = (width: number, height: number): Buffer<ArrayBuffer> => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = deflateSync(Buffer.concat([Buffer.alloc(1_000_000), randomBytes(1_500)]));
  return Buffer.concat([
    IMAGES['image/png'].subarray(0, 8),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]) as Buffer<ArrayBuffer>;
};

/**
 * Uploads that pass a look at their first bytes and are no image (issue 26, item 10), each
 * ending in random bytes of its own so every test run sends bytes never seen before.
 */
export const notDecodable = (): Record<string, Buffer<ArrayBuffer>> => {
  const png = IMAGES['image/png'];
  const unique = () => randomBytes(8).toString('hex');
  return {
    'the 8-byte PNG signature alone': Buffer.concat([png.subarray(0, 8)]),
    'the first 20 bytes of a PNG': Buffer.concat([png.subarray(0, 20)]),
    'a PNG header followed by HTML': Buffer.concat([png.subarray(0, 33), Buffer.from(`<html><body><script>alert('${unique()}')</script></body></html>`)]),
    'a JPEG header followed by script': Buffer.concat([
      IMAGES['image/jpeg'].subarray(0, 20),
      Buffer.from(`<script>fetch('/api/auth/me?${unique()}')</script>`),
    ]),
    'a GIF that is also JavaScript': Buffer.from(`GIF89a=0;alert(document.domain);// ${unique()}`),
    'a 2 KB PNG declaring 50,000 × 50,000 pixels': pngDeclaring(50_000, 50_000),
  } as Record<string, Buffer<ArrayBuffer>>;
};
