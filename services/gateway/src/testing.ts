import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteDirs, serviceNames, type ServiceName } from '@starforge/contracts/shared';
import { defaultRemotes, type GatewayConfig } from './env';
import { createGatewayServer, type GatewayServer, type GatewayServerOptions } from './gateway-server';

/** Starts a Node HTTP server on a free loopback port; resolves to its URL. */
const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

/** A real upstream service on loopback, answering with `handler`. */
export const startUpstream = async (handler: RequestListener): Promise<{ url: string; server: Server; close: () => Promise<void> }> => {
  const server = createServer(handler);
  const url = await listen(server);
  return {
    url,
    server,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
};

/** Nothing listens on port 9 of loopback: a service that is down. */
export const DOWN = 'http://127.0.0.1:9';

/** An empty static root with the folders the gateway serves from. */
const emptyStaticRoot = (): string => {
  const root = mkdtempSync(join(tmpdir(), 'gateway-static-'));
  for (const dir of ['shell', ...Object.values(remoteDirs)]) mkdirSync(join(root, dir, 'dist'), { recursive: true });
  return root;
};

/** A gateway config with every service at `url` unless `services` says otherwise. */
export const testConfig = (
  url: string,
  overrides: Partial<Omit<GatewayConfig, 'services'>> & { services?: Partial<Record<ServiceName, string | readonly string[]>> } = {},
): GatewayConfig => ({
  port: 0,
  host: '127.0.0.1',
  staticRoot: overrides.staticRoot ?? emptyStaticRoot(),
  remotes: overrides.remotes ?? defaultRemotes(),
  publicOrigin: overrides.publicOrigin ?? 'http://localhost:3000',
  bodyTimeoutMs: overrides.bodyTimeoutMs ?? 15_000,
  services: Object.fromEntries(
    serviceNames.map((s) => {
      const urls = overrides.services?.[s] ?? url;
      return [s, typeof urls === 'string' ? [urls] : urls];
    }),
  ) as Record<ServiceName, readonly string[]>,
});

/** The gateway's real server on a free port. */
export const startGateway = async (
  config: GatewayConfig,
  options: GatewayServerOptions = {},
): Promise<{ url: string; gateway: GatewayServer; close: () => Promise<void> }> => {
  const gateway = createGatewayServer(config, options);
  const url = await listen(gateway.server);
  return {
    url,
    gateway,
    close: () => {
      gateway.server.closeAllConnections();
      return gateway.close();
    },
  };
};

/** A request's whole body, as text. */
export const readBody = async (message: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request with node:http, which (unlike fetch) sends any header it is given: Connection,
 * Keep-Alive, TE, Upgrade, Expect.
 */
export const rawRequest = (
  url: string,
  options: { method?: string; headers?: Record<string, string | string[]>; body?: string | Buffer } = {},
): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      readBody(res).then((body) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }), reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
