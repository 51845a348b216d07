import { parseArgs } from 'node:util';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { findApp, frontendApps, shellApp, webpackConfig, type FrontendApp } from '@starforge/federation';
import { repoRoot } from './paths';
import { assertPortFree, PortTakenError } from './ports';
import { ensureFrontendsBuilt, startStack } from './stack';

// `pnpm dev --remotes nft,bounties`: the shell and the named remotes with live reload; the
// other remotes are served from their production builds by the gateway, as in production.
const { values } = parseArgs({ options: { remotes: { type: 'string', default: '' }, port: { type: 'string', default: process.env.PORT ?? '3000' } } });
const port = Number(values.port);
const live: FrontendApp[] = [
  shellApp,
  ...values.remotes
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => findApp(r.startsWith('mfe') ? r : `mfe-${r}`)),
];
const log = (line: string) => console.log(line);

// The shell's port and the gateway's (port + 1000): one line, not a stack trace, when taken.
try {
  await assertPortFree(port, '127.0.0.1');
  await assertPortFree(port + 1000, '127.0.0.1');
} catch (error) {
  if (!(error instanceof PortTakenError)) throw error;
  console.error(`Starforge dev: ${error.message}; dev uses PORT and PORT + 1000. Choose another: PORT=${port + 1} npx -y pnpm@10 dev`);
  process.exit(1);
}
await ensureFrontendsBuilt(log);
const backend = await startStack({ port: port + 1000, log });

const servers: WebpackDevServer[] = [];
for (const app of live) {
  const isShell = app.name === 'shell';
  const config = webpackConfig(app, { root: repoRoot, mode: 'development' });
  const server = new WebpackDevServer(
    {
      port: isShell ? port : app.devPort,
      host: '127.0.0.1',
      hot: false,
      liveReload: true,
      historyApiFallback: isShell,
      headers: { 'access-control-allow-origin': '*' },
      client: { overlay: { errors: true, warnings: false } },
      ...(isShell
        ? {
            proxy: [
              {
                // The gateway answers the API and every remote not being developed live.
                context: (path: string) => path.startsWith('/api/') || path.startsWith('/mfe/') || path === '/remotes.json',
                target: backend.url.replace('localhost', '127.0.0.1'),
                changeOrigin: false,
              },
            ],
            setupMiddlewares: (middlewares, devServer) => {
              devServer.app?.get('/remotes.json', async (_req, res) => {
                const map = (await (await fetch(`${backend.url.replace('localhost', '127.0.0.1')}/remotes.json`)).json()) as Record<string, string>;
                for (const remote of live.filter((a) => a.name !== 'shell')) map[remote.name] = `http://127.0.0.1:${remote.devPort}/mf-manifest.json`;
                res.setHeader('cache-control', 'no-store');
                res.json(map);
              });
              return middlewares;
            },
          }
        : {}),
    },
    webpack(config),
  );
  await server.start();
  servers.push(server);
  log(`[dev] ${app.dir} live on http://127.0.0.1:${isShell ? port : app.devPort}`);
}
const builtOnly = frontendApps.filter((a) => !live.includes(a)).map((a) => a.dir);
log(`\n  ✔ Starforge (dev) on http://localhost:${port}  live: ${live.map((a) => a.dir).join(', ')}; from builds: ${builtOnly.join(', ') || 'none'}\n`);

const shutdown = async () => {
  setTimeout(() => process.exit(1), 15_000).unref();
  await Promise.all(servers.map((s) => s.stop()));
  await backend.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
