import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { HeaderPair } from './security-headers';

/** One encoding of index.html, with the headers written before it. */
interface Variant {
  body: Buffer;
  etag: string;
  headers: string[];
  notModified: string[];
}

interface Loaded {
  /** mtime, size and inode of the file these bytes came from. */
  stamp: string;
  identity: Variant;
  br: Variant | null;
  gzip: Variant | null;
}

/**
 * Whether a path is a client-side route of the shell (it answers with index.html): `/`, or a
 * path whose last segment has no dot (built files always have an extension), outside `/api`
 * and `/mfe`.
 */
export const isShellRoute = (path: string): boolean => {
  if (path === '/' || path === '/index.html') return true;
  if (path.startsWith('/api') && (path.length === 4 || path[4] === '/')) return false;
  if (path.startsWith('/mfe') && (path.length === 4 || path[4] === '/')) return false;
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
};

/** Which encodings the client accepts (a `;q=0` refuses one). */
const accepts = (header: string | undefined, encoding: string): boolean => {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) continue;
    return !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  }
  return false;
};

/** Where a page's bytes come from: null when there is no such page (not built, removed). */
export interface PageSource {
  /** Cheap (stats only): changes whenever the bytes would. */
  stamp(): string | null;
  read(): Buffer;
}

const fileStamp = (file: string): string => {
  const stat = statSync(file);
  return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
};

/** A built file as it is: index.html, or landing.html (the prerendered `/`). */
export const fileSource = (file: string): PageSource => ({
  stamp: () => {
    try {
      return fileStamp(file);
    } catch {
      return null;
    }
  },
  read: () => readFileSync(file),
});

/** A page made of several built files (see snapshot-page.ts): its stamp is all of theirs. */
export const composedSource = (files: string[], compose: () => Buffer): PageSource => ({
  stamp: () => {
    try {
      return files.map(fileStamp).join('|');
    } catch {
      return null;
    }
  },
  read: compose,
});

export interface ShellPageOptions {
  recheckMs?: number;
  /** What else besides the encoding picks this page, for caches (`Cookie` for the prerendered ones). */
  varyAlso?: string;
}

/**
 * One of the shell's pages kept in memory with its brotli and gzip forms and every header
 * precomputed, so a page load is one buffer written. The source is checked again (a stat) at
 * most every `recheckMs`, and reloaded when a build replaced it.
 */
export class ShellPage {
  private loaded: Loaded | null = null;
  private checkedAt = -Infinity;
  private readonly recheckMs: number;
  private readonly vary: string;

  constructor(
    private readonly source: PageSource,
    private readonly security: readonly HeaderPair[],
    options: ShellPageOptions = {},
  ) {
    this.recheckMs = options.recheckMs ?? 500;
    this.vary = options.varyAlso ? `Accept-Encoding, ${options.varyAlso}` : 'Accept-Encoding';
  }

  /** Whether the page is built (a missing prerendered page falls back to index.html). */
  get available(): boolean {
    return this.current() !== null;
  }

  private current(): Loaded | null {
    const now = performance.now();
    if (now - this.checkedAt < this.recheckMs) return this.loaded;
    this.checkedAt = now;
    try {
      const stamp = this.source.stamp();
      if (stamp === null)
        this.loaded = null; // not built (yet), or removed by a clean build
      else if (this.loaded?.stamp !== stamp) this.loaded = this.load(this.source.read(), stamp);
    } catch {
      this.loaded = null; // replaced while being read, or malformed: the next check tries again
    }
    return this.loaded;
  }

  private load(html: Buffer, stamp: string): Loaded {
    const hash = createHash('sha256').update(html).digest('base64url').slice(0, 22);
    const variant = (body: Buffer, encoding: string | null): Variant => {
      const etag = `"${hash}${encoding ? `-${encoding}` : ''}"`;
      const common = ['cache-control', 'no-cache', 'vary', this.vary, 'etag', etag];
      for (const [name, value] of this.security) common.push(name, value);
      return {
        body,
        etag,
        headers: [
          'content-type',
          'text/html; charset=utf-8',
          'content-length',
          String(body.length),
          ...(encoding ? ['content-encoding', encoding] : []),
          ...common,
        ],
        notModified: common,
      };
    };
    const br = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } });
    const gz = gzipSync(html, { level: 9 });
    return {
      stamp,
      identity: variant(html, null),
      br: br.length < html.length ? variant(br, 'br') : null,
      gzip: gz.length < html.length ? variant(gz, 'gzip') : null,
    };
  }

  /** Answers a GET or HEAD of a shell route. */
  serve(req: IncomingMessage, res: ServerResponse): void {
    const page = this.current();
    if (!page) {
      const body = 'The shell is not built yet. Run `pnpm start`.';
      const headers = ['content-type', 'text/plain; charset=utf-8', 'cache-control', 'no-store'];
      for (const [name, value] of this.security) headers.push(name, value);
      res.writeHead(503, headers);
      res.end(body);
      return;
    }
    const acceptEncoding = req.headers['accept-encoding'];
    const variant =
      (page.br && accepts(acceptEncoding, 'br') ? page.br : null) ?? (page.gzip && accepts(acceptEncoding, 'gzip') ? page.gzip : null) ?? page.identity;
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === variant.etag)) {
      res.writeHead(304, variant.notModified);
      res.end();
      return;
    }
    res.writeHead(200, variant.headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  }
}
