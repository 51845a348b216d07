import { onLauncherExit } from '@starforge/service-kit';
import type { AddressInfo } from 'node:net';
import { readGatewayConfig } from './env';
import { createGatewayServer } from './gateway-server';

const config = readGatewayConfig();
const { server, close } = createGatewayServer(config);
server.listen(config.port, config.host, () => {
  const info = server.address() as AddressInfo;
  console.log(`[gateway] listening on http://${info.address}:${info.port} (Node.js ${process.version})`);
});

let stopping = false;
/** Once: a closed terminal's SIGHUP may be followed by the launcher's SIGTERM. */
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[gateway] ${signal}: shutting down`);
  void close().then(() => process.exit(0));
  setTimeout(() => server.closeAllConnections(), 3_000).unref();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => stop('SIGHUP'));
onLauncherExit(() => stop('launcher exited'));
