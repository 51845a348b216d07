import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ImageStorage, StoredObject } from './image-storage';

/** Letters, digits, `_` and `-`, not starting with a dot: a key never names a path outside the folder. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Image storage in a folder: `<dir>/<first two characters of the key>/<key>` (a few hundred
 * files per folder rather than every image in one). A write goes to a temporary file beside
 * its place, is flushed to disk, then renamed over it: a reader, a crash or a second writer of
 * the same key never leaves part of an image under its key. The content type is not kept here:
 * the nft schema's `images` row has it.
 */
export const fileImageStorage = (dir: string): ImageStorage => {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`image storage: unsafe key ${JSON.stringify(key)}`);
    return join(dir, key.slice(0, 2), key);
  };

  return {
    put: async (key, bytes) => {
      const path = pathOf(key);
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      const file = await open(temporary, 'wx');
      try {
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    has: async (key) => {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    read: async (key): Promise<StoredObject | null> => {
      let file: Awaited<ReturnType<typeof open>>;
      try {
        file = await open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await file.stat();
        // The stream closes the file when it ends, fails or is cancelled (the client left).
        return { size, body: Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array> };
      } catch (error) {
        await file.close();
        throw error;
      }
    },

    remove: async (key) => {
      await rm(pathOf(key), { force: true });
    },
  };
};
