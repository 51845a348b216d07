import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../testing/s3';
import { imageStorageContract } from '../testing/storage-contract';
import type { ImageStorage } from './image-storage';
import { s3ImageStorage } from './s3-storage';

let bucket: TestBucket;
let storage: ImageStorage;
beforeAll(async () => {
  bucket = await startTestBucket();
  storage = s3ImageStorage(bucket.settings);
});
afterAll(() => bucket?.close());

describe('the S3 image storage (against s3rver)', () => {
  imageStorageContract(() => storage);

  it('keeps one object named by the key, with its type and an immutable cache header', async () => {
    const key = 'ef'.repeat(32);
    await storage.put(key, Buffer.from('GIF89a-and-more'), 'image/gif');
    expect(await bucket.objectOf(key)).toEqual({ contentType: 'image/gif', size: 15, cacheControl: 'public, max-age=31536000, immutable' });
  });

  it('names one size of an image `<key>-<size>`', async () => {
    const name = `${'cd'.repeat(32)}-grid`;
    await storage.put(name, Buffer.from('RIFF-webp'), 'image/webp');
    expect(await bucket.objectOf(name)).toMatchObject({ contentType: 'image/webp', size: 9 });
  });

  it('refuses a key that is not SHA-256 hex (and a size) before it names an object', async () => {
    for (const key of ['AB'.repeat(32), 'ab'.repeat(31), `${'ab'.repeat(32)}/x`, `${'ab'.repeat(32)}-grid/x`, `${'ab'.repeat(32)}-Grid`]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/unsafe key/);
      expect(await bucket.objectOf(key), key).toBeNull();
    }
  });

  it('says so when the bucket does not exist, rather than answering "no image"', async () => {
    const wrong = s3ImageStorage({ ...bucket.settings, bucket: 'no-such-bucket' });
    await expect(wrong.read('ab'.repeat(32))).rejects.toThrow(/bucket/i);
    await expect(wrong.put('ab'.repeat(32), Buffer.from('x'), 'image/png')).rejects.toThrow(/bucket/i);
  });
});
