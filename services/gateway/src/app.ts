import { join } from 'node:path';
import { Hono } from 'hono';
import { errorCodes, isServiceName, remoteDirs, remoteNames } from '@starforge/contracts';
import type { GatewayConfig } from './env';
import { forward } from './proxy';
import { securityHeaders } from './security-headers';
import { serveRemote, serveShell } from './static-files';

/**
 * One origin for the browser: the shell and remotes' static builds, the remotes map, and
 * `/api/<service>/*` proxied to each service.
 */
export const createGatewayApp = (config: GatewayConfig) => {
  const app = new Hono();
  app.use(securityHeaders(config.remotes));

  app.all('/api/:domain/*', (c) => {
    const domain = c.req.param('domain');
    if (!isServiceName(domain)) return c.json({ error: { code: errorCodes.notFound, message: 'Not found' } }, 404);
    return forward(c, config.services[domain], domain);
  });
  app.all('/api/*', (c) => c.json({ error: { code: errorCodes.notFound, message: 'Not found' } }, 404));

  app.get('/remotes.json', (c) => {
    c.header('cache-control', 'no-store');
    return c.json(config.remotes);
  });

  for (const name of remoteNames) {
    const prefix = `/mfe/${name}`;
    app.get(`${prefix}/*`, serveRemote(join(config.staticRoot, remoteDirs[name], 'dist'), prefix));
  }
  app.all('/mfe/*', (c) => c.text('Not found', 404));

  const [shellFiles, shellIndex] = serveShell(join(config.staticRoot, 'shell', 'dist'));
  app.get('*', shellFiles, shellIndex);
  return app;
};
