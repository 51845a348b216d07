import type { Context } from 'hono';
import { proxy } from 'hono/proxy';
import { getConnInfo } from '@hono/node-server/conninfo';
import { errorCodes } from '@starforge/contracts';

// The gateway is the edge: client-sent forwarding headers are dropped, ours are set.
const dropped = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'forwarded', 'host'];

const clientAddress = (c: Context): string => {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

/** Forwards a request to a domain service, keeping the path, query, body and cookies. */
export const forward = async (c: Context, serviceUrl: string, domain: string): Promise<Response> => {
  const incoming = new URL(c.req.url);
  const target = new URL(incoming.pathname + incoming.search, serviceUrl);
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, key) => {
    if (!dropped.includes(key)) headers[key] = value;
  });
  headers['x-forwarded-for'] = clientAddress(c);
  headers['x-forwarded-host'] = c.req.header('host') ?? incoming.host;
  headers['x-forwarded-proto'] = incoming.protocol.replace(':', '');
  try {
    return await proxy(target, { raw: c.req.raw, headers });
  } catch (error) {
    console.error(`[gateway] ${domain} unreachable`, error);
    return c.json({ error: { code: errorCodes.unavailable, message: `The ${domain} service is unavailable. Please try again shortly.` } }, 502);
  }
};
