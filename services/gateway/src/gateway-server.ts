import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { bodyLimitFor, errorCodes, tooLargeMessageFor } from '@starforge/contracts/shared';
import { createGatewayApp } from './app';
import type { GatewayConfig } from './env';
import { errorPayload, sendError } from './error-answer';
import { ServiceProxy } from './proxy';
import { securityHeaderList, type HeaderPair } from './security-headers';
import { isShellRoute } from './shell-page';
import { ShellPages } from './shell-pages';

const isApi = (url: string) => url.startsWith('/api/');
const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** A raw answer on a socket the HTTP parser gave up on (431 for oversized headers, 413, 408, else 400). */
const clientErrorAnswer = (security: readonly HeaderPair[], status: 400 | 408 | 413 | 431, code: string, message: string): Buffer => {
  const body = errorPayload(code, message);
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large' }[status];
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...security.map(([n, v]) => `${n}: ${v}`),
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]);
};

export interface GatewayServer {
  server: Server;
  /** Stops accepting, and closes the keep-alive connections to the services. */
  close(): Promise<void>;
}

/**
 * The gateway's Node HTTP server. The hot paths are answered on Node's own request and
 * response, before Hono converts them to Request/Response (much of a proxied request's cost):
 * `/api/<service>/*` by the proxy and the shell's page from memory. The rest (remote builds,
 * the shell's files, the remotes map) goes to the Hono app.
 */
export interface GatewayServerOptions {
  shellRecheckMs?: number;
  /** How often each copy of a service with several is asked whether it is ready (default 250 ms). */
  probeEveryMs?: number;
}

export const createGatewayServer = (config: GatewayConfig, options: GatewayServerOptions = {}): GatewayServer => {
  const security = securityHeaderList(config);
  const proto = new URL(config.publicOrigin).protocol === 'https:' ? 'https' : 'http';
  const proxy = new ServiceProxy({
    services: config.services,
    security,
    proto,
    bodyTimeoutMs: config.bodyTimeoutMs,
    ...(options.probeEveryMs === undefined ? {} : { probeEveryMs: options.probeEveryMs }),
  });
  const pages = new ShellPages(config, security, options.shellRecheckMs);
  const hono = getRequestListener(createGatewayApp(config).fetch);

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (req.method === 'TRACE') {
      // TRACE would echo the request (cookies included) back to a script: never offered.
      sendError(res, security, 405, errorCodes.methodNotAllowed, 'TRACE is not allowed.', {
        extra: [['allow', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS']],
      });
      return;
    }
    if (isApi(url)) return proxy.handle(req, res);
    if ((req.method === 'GET' || req.method === 'HEAD') && url[0] === '/') {
      const path = pathOf(url);
      if (isShellRoute(path)) return pages.pageFor(req, path).serve(req, res);
    }
    void hono(req, res);
  };

  const server = createServer(onRequest);
  // `Expect: 100-continue` (curl sends it for bodies over 1 MB): a body over its route's limit is
  // refused before the client sends it; otherwise the client is told to go on.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const length = Number(req.headers['content-length'] ?? 0);
    if (isApi(url)) {
      const maxBytes = bodyLimitFor(req.method ?? 'GET', pathOf(url));
      if (length > maxBytes)
        return sendError(res, security, 413, errorCodes.payloadTooLarge, tooLargeMessageFor(req.method ?? 'GET', pathOf(url)), { close: true });
    }
    res.writeContinue();
    onRequest(req, res);
  });
  // Node's parser refuses a request it cannot read (headers over 16 KiB, malformed lines) here.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // An answer still being written on this connection (a pipelined request) must not be cut
    // into; Node's own handler checks the same private field.
    const inFlight = (socket as Socket & { _httpMessage?: unknown })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight) return socket.destroy();
    const answer =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? clientErrorAnswer(security, 431, errorCodes.requestHeaderFieldsTooLarge, 'The request headers are too large.')
        : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
          ? clientErrorAnswer(security, 413, errorCodes.payloadTooLarge, 'The request body is too large.')
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? clientErrorAnswer(security, 408, errorCodes.requestTimeout, 'The request took too long to arrive.')
            : clientErrorAnswer(security, 400, errorCodes.validationFailed, 'The request could not be read.');
    socket.end(answer);
  });

  return {
    server,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await proxy.close();
    },
  };
};
