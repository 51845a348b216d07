import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

/**
 * Serves a kit app on Node. The kit drains a body it answered early itself (drainRequestBody: up
 * to 32 MiB or 5 s), so @hono/node-server's own clean-up, which closes the connection after
 * 500 ms, is turned off: a client still sending a large body can read its 413.
 */
export const serveApp = (
  app: { fetch: (request: Request, env: object) => Response | Promise<Response> },
  options: { port: number; hostname: string },
  onListening?: (info: AddressInfo) => void,
): ServerType => serve({ fetch: app.fetch, port: options.port, hostname: options.hostname, autoCleanupIncoming: false }, onListening);
