import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * A real PNG of random RGB pixels, about `bytes` long (noise does not compress, so the file is
 * the size of its pixels), different on every call: uploads are stored under the hash of their
 * bytes, so equal files would be one image.
 */
export const randomPng = (bytes: number): Buffer => {
  const side = Math.max(1, Math.round(Math.sqrt(bytes / 3)));
  const row = side * 3 + 1;
  const pixels = randomBytes(row * side);
  for (let y = 0; y < side; y++) pixels[y * row] = 0; // filter type: none
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
