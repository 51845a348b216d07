import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a compile leaves to be answered again: everything of a CompiledSuite but how it was had. */
export interface CachedCompile {
  solcVersion: string;
  evmVersion: string;
  input: unknown;
  output: unknown;
  errors: unknown[];
  warnings: unknown[];
}

export interface CompileCache {
  get(key: string): Promise<CachedCompile | null>;
  set(key: string, value: CachedCompile, bytes: number): Promise<void>;
  /** Entries and bytes held in memory (the bytes are those of solc's JSON answer). */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

export interface CompileCacheOptions {
  /** Memory held at most, counted in bytes of solc's JSON answers; least recently used go first. Default 32 MiB. */
  maxBytes?: number;
  /**
   * A directory (under the product's data directory) that also keeps compiles, so a restart or
   * another process on the same machine finds them; none by default.
   */
  dir?: string;
  /** The directory's size at most, oldest files removed first. Default 256 MiB. */
  maxDiskBytes?: number;
}

const KEY = /^[0-9a-f]{64}$/;

/**
 * solc's output cached by the hash of what decides it (see compile.ts's key): in memory, least
 * recently used first out when past `maxBytes`, and on disk when given a directory.
 */
export const createCompileCache = (options: CompileCacheOptions = {}): CompileCache => {
  const maxBytes = options.maxBytes ?? 32 * 2 ** 20;
  const maxDiskBytes = options.maxDiskBytes ?? 256 * 2 ** 20;
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recent first.
  const entries = new Map<string, { value: CachedCompile; bytes: number }>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const remember = (key: string, value: CachedCompile, size: number) => {
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      bytes -= old.bytes;
    }
    if (size > maxBytes) return;
    entries.set(key, { value, bytes: size });
    bytes += size;
    for (const [oldest, entry] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= entry.bytes;
    }
  };

  const fileOf = (key: string) => join(options.dir!, `${key}.json`);

  const readDisk = async (key: string): Promise<{ value: CachedCompile; bytes: number } | null> => {
    if (!options.dir) return null;
    try {
      const text = await readFile(fileOf(key), 'utf8');
      return { value: JSON.parse(text) as CachedCompile, bytes: text.length };
    } catch {
      return null;
    }
  };

  const pruneDisk = async (dir: string) => {
    const files = await Promise.all(
      (await readdir(dir))
        .filter((name) => name.endsWith('.json'))
        .map(async (name) => {
          const s = await stat(join(dir, name)).catch(() => null);
          return s ? { name, size: s.size, mtime: s.mtimeMs } : null;
        }),
    );
    const present = files.filter((f) => f !== null).sort((a, b) => a.mtime - b.mtime);
    let total = present.reduce((sum, f) => sum + f.size, 0);
    for (const f of present) {
      if (total <= maxDiskBytes) break;
      await rm(join(dir, f.name), { force: true });
      total -= f.size;
    }
  };

  return {
    async get(key) {
      if (!KEY.test(key)) return null;
      const entry = entries.get(key) ?? (await readDisk(key));
      if (!entry) {
        misses++;
        return null;
      }
      hits++;
      remember(key, entry.value, entry.bytes);
      return entry.value;
    },
    async set(key, value, size) {
      if (!KEY.test(key)) throw new Error(`A compile cache key is a sha256 in hex, not ${key.slice(0, 80)}`);
      remember(key, value, size);
      if (!options.dir) return;
      await mkdir(options.dir, { recursive: true });
      // Written whole under another name, then renamed: a reader never sees half a file.
      const partial = `${fileOf(key)}.${process.pid}.partial`;
      await writeFile(partial, JSON.stringify(value));
      await rename(partial, fileOf(key));
      await pruneDisk(options.dir);
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
};
