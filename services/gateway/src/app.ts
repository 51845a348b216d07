import { join } from 'node:path';
import { Hono } from 'hono';
import { errorCodes, remoteDirs, remoteNames } from '@starforge/contracts/shared';
import type { GatewayConfig } from './env';
import { securityHeaderList, securityHeaders } from './security-headers';
import { serveRemote, serveShell } from './static-files';

/**
 * The gateway's static side as a Hono app: the remotes' builds, the remotes map, and the
 * shell's files. (`/api/<service>/*` and the shell's page are answered before Hono: see
 * gateway-server.ts.)
 */
export const createGatewayApp = (config: Pick<GatewayConfig, 'staticRoot' | 'remotes' | 'publicOrigin'>) => {
  const app = new Hono();
  app.use(securityHeaders(securityHeaderList(config)));

  app.all('/api/*', (c) => c.json({ error: { code: errorCodes.notFound, message: 'Not found' } }, 404));

  app.get('/remotes.json', (c) => {
    c.header('cache-control', 'no-store');
    return c.json(config.remotes);
  });

  for (const name of remoteNames) {
    const prefix = `/mfe/${name}`;
    const [cache, files] = serveRemote(join(config.staticRoot, remoteDirs[name], 'dist'), prefix);
    app.get(`${prefix}/*`, cache, files);
  }
  app.all('/mfe/*', (c) => c.text('Not found', 404));

  const [cache, files, index] = serveShell(join(config.staticRoot, 'shell', 'dist'));
  app.get('*', cache, files, index);
  return app;
};
