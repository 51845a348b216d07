import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileImageStorage } from './file-storage';
import type { ImageStorage } from './image-storage';

let dir: string;
let storage: ImageStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nft-storage-'));
  storage = fileImageStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const KEY = 'ab'.repeat(32);
const bytesOf = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

describe('the filesystem image storage', () => {
  it('stores, reads as a stream with its size, and removes', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255, 7]);
    expect(await storage.has(KEY)).toBe(false);
    expect(await storage.read(KEY)).toBeNull();
    await storage.put(KEY, bytes, 'image/png');
    expect(await storage.has(KEY)).toBe(true);
    const stored = await storage.read(KEY);
    expect(stored?.size).toBe(bytes.length);
    expect(await bytesOf(stored?.body as ReadableStream<Uint8Array>)).toEqual(bytes);
    expect(await readFile(join(dir, 'ab', KEY))).toEqual(bytes);
    await storage.remove(KEY);
    expect(await storage.has(KEY)).toBe(false);
    await storage.remove(KEY);
  });

  it('writes through a temporary file and a rename: no temporary file is left, a second put replaces whole', async () => {
    const key = 'cd'.repeat(32);
    await Promise.all([storage.put(key, Buffer.alloc(300_000, 1), 'image/png'), storage.put(key, Buffer.alloc(300_000, 1), 'image/png')]);
    expect(await readdir(join(dir, 'cd'))).toEqual([key]);
    const stored = await storage.read(key);
    expect(stored?.size).toBe(300_000);
    expect(await bytesOf(stored?.body as ReadableStream<Uint8Array>)).toEqual(Buffer.alloc(300_000, 1));
  });

  it('refuses a key that could name a path outside its folder', async () => {
    for (const key of ['../etc/passwd', '.hidden', 'a/b', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/unsafe key/);
      await expect(storage.read(key), key).rejects.toThrow(/unsafe key/);
    }
  });
});
