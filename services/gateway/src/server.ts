import { serve } from '@hono/node-server';
import { onLauncherExit } from '@starforge/service-kit';
import type { AddressInfo } from 'node:net';
import { createGatewayApp } from './app';
import { readGatewayConfig } from './env';

const config = readGatewayConfig();
const server = serve({ fetch: createGatewayApp(config).fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
  console.log(`[gateway] listening on http://${info.address}:${info.port}`);
});

const stop = (signal: string) => {
  console.log(`[gateway] ${signal}: shutting down`);
  server.close(() => process.exit(0));
  if ('closeAllConnections' in server) setTimeout(() => (server as { closeAllConnections: () => void }).closeAllConnections(), 3_000).unref();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
onLauncherExit(() => stop('launcher exited'));
