import { expect, it } from 'vitest';
import type { ImageStorage } from '../storage/image-storage';

const bytesOf = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());
/** Whether a stream holds exactly `bytes` (toEqual walks a large Buffer byte by byte, for seconds). */
const holds = async (stream: ReadableStream<Uint8Array> | undefined, bytes: Buffer) => stream !== undefined && (await bytesOf(stream)).equals(bytes);
/** A key of the test's own: SHA-256-shaped, as every key the service stores. */
const freshKey = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex');

/**
 * What every `ImageStorage` promises (image-storage.ts), as tests to run inside a store's own
 * describe: `storage()` is read inside each test, so it may be opened in a beforeAll.
 */
export const imageStorageContract = (storage: () => ImageStorage) => {
  it('stores, reads as a stream with its size, and removes; removing twice is no error', async () => {
    const key = freshKey();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255, 7]);
    expect(await storage().has(key)).toBe(false);
    expect(await storage().read(key)).toBeNull();
    await storage().put(key, bytes, 'image/png');
    expect(await storage().has(key)).toBe(true);
    const stored = await storage().read(key);
    expect(stored?.size).toBe(bytes.length);
    expect(await bytesOf(stored?.body as ReadableStream<Uint8Array>)).toEqual(bytes);
    await storage().remove(key);
    expect(await storage().has(key)).toBe(false);
    expect(await storage().read(key)).toBeNull();
    await storage().remove(key);
  });

  it('keeps one whole copy when two writers put the same key at once', async () => {
    const key = freshKey();
    const bytes = Buffer.alloc(300_000, 1);
    await Promise.all([storage().put(key, bytes, 'image/png'), storage().put(key, bytes, 'image/png')]);
    const stored = await storage().read(key);
    expect(stored?.size).toBe(bytes.length);
    expect(await holds(stored?.body, bytes)).toBe(true);
  });

  it('reads again after a reader left mid-stream (a client that went away)', async () => {
    const key = freshKey();
    const bytes = Buffer.alloc(2 * 1024 * 1024, 7);
    await storage().put(key, bytes, 'image/webp');
    for (let i = 0; i < 3; i++) {
      const reader = (await storage().read(key))?.body.getReader();
      await reader?.read();
      await reader?.cancel();
    }
    expect(await holds((await storage().read(key))?.body, bytes)).toBe(true);
  });

  it('refuses a key that could name something outside its place', async () => {
    for (const key of ['../etc/passwd', '.hidden', 'a/b', '']) {
      await expect(storage().put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/unsafe key/);
      await expect(storage().read(key), key).rejects.toThrow(/unsafe key/);
      await expect(storage().has(key), key).rejects.toThrow(/unsafe key/);
      await expect(storage().remove(key), key).rejects.toThrow(/unsafe key/);
    }
  });
};
