import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/**
 * Content-hashed files never change; manifests, entries and HTML must be revalidated. Set on
 * the finished response: serveStatic calls `onFound` only after it built its response, so a
 * header set there is lost unless @hono/node-server has replaced the global Response.
 */
const cacheHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status !== 200 && c.res.status !== 206 && c.res.status !== 304) return;
  const immutable = /\.[0-9a-f]{8}\.js$/.test(c.req.path);
  c.res.headers.set('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/** Serves a remote's build under /mfe/<name>/. */
export const serveRemote = (distDir: string, prefix: string): [MiddlewareHandler, MiddlewareHandler] => [
  cacheHeaders,
  serveStatic({ root: distDir, precompressed: true, rewriteRequestPath: (path) => path.slice(prefix.length) }),
];

/**
 * Serves the shell's build, and its index.html for a path no file matches. (The shell's routes
 * themselves are answered from memory before Hono: see shell-page.ts.)
 */
export const serveShell = (distDir: string): [MiddlewareHandler, MiddlewareHandler, MiddlewareHandler] => [
  cacheHeaders,
  serveStatic({ root: distDir, precompressed: true }),
  async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (!existsSync(join(distDir, 'index.html'))) return c.text('The shell is not built yet. Run `pnpm start`.', 503);
    return serveStatic({ root: distDir, path: 'index.html', precompressed: true })(c, next);
  },
];
