import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageStorageContract } from '../testing/storage-contract';
import { fileImageStorage } from './file-storage';
import type { ImageStorage } from './image-storage';

let dir: string;
let storage: ImageStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nft-storage-'));
  storage = fileImageStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the filesystem image storage', () => {
  imageStorageContract(() => storage);

  it('keeps <dir>/<first two characters>/<key>', async () => {
    const key = 'ab'.repeat(32);
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255, 7]);
    await storage.put(key, bytes, 'image/png');
    expect(await readFile(join(dir, 'ab', key))).toEqual(bytes);
  });

  it('writes through a temporary file and a rename: no temporary file is left', async () => {
    const key = 'cd'.repeat(32);
    await Promise.all([storage.put(key, Buffer.alloc(300_000, 1), 'image/png'), storage.put(key, Buffer.alloc(300_000, 1), 'image/png')]);
    expect(await readdir(join(dir, 'cd'))).toEqual([key]);
  });
});
