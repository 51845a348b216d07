import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
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

/** A `.partial` file older than this was left by a writer that died: pruning removes it. */
const PARTIAL_STALE_MS = 10 * 60_000;

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
      const value = JSON.parse(text) as CachedCompile;
      // Used now: the disk's pruning removes the least recently used first.
      const now = new Date();
      await utimes(fileOf(key), now, now).catch(() => {});
      return { value, bytes: text.length };
    } catch {
      return null;
    }
  };

  const pruneDisk = async (dir: string) => {
    const names = await readdir(dir);
    // What a writer killed mid-write left (a live one renames its file within a second or so).
    for (const name of names.filter((n) => n.endsWith('.partial'))) {
      const s = await stat(join(dir, name)).catch(() => null);
      if (s && Date.now() - s.mtimeMs > PARTIAL_STALE_MS) await rm(join(dir, name), { force: true });
    }
    const files = await Promise.all(
      names
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
      // Written whole under a name of its own (worker threads share the pid; processes share the
      // folder), then renamed: a reader never sees half a file, and two writers of the same key
      // each rename a whole file (the same compile), the last one staying.
      const partial = `${fileOf(key)}.${process.pid}-${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, JSON.stringify(value));
        await rename(partial, fileOf(key));
        await pruneDisk(options.dir);
      } catch {
        // The disk is an aid (full, read-only): the compile stands, kept in memory.
        await rm(partial, { force: true }).catch(() => {});
      }
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
};
