import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

// Content-hashed files never change; manifests, entries and HTML must be revalidated.
const setCacheHeaders = (path: string, c: Context) => {
  const immutable = /\.[0-9a-f]{8}\.js$/.test(path);
  c.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/** Serves a remote's build under /mfe/<name>/. */
export const serveRemote = (distDir: string, prefix: string): MiddlewareHandler =>
  serveStatic({ root: distDir, precompressed: true, rewriteRequestPath: (path) => path.slice(prefix.length), onFound: setCacheHeaders });

/** Serves the shell's build, and its index.html for every client-side route. */
export const serveShell = (distDir: string): [MiddlewareHandler, MiddlewareHandler] => [
  serveStatic({ root: distDir, precompressed: true, onFound: setCacheHeaders }),
  async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (!existsSync(join(distDir, 'index.html'))) return c.text('The shell is not built yet. Run `pnpm start`.', 503);
    return serveStatic({ root: distDir, path: 'index.html', precompressed: true, onFound: setCacheHeaders })(c, next);
  },
];
