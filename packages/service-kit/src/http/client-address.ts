import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

// An IPv4 peer on a dual-stack socket reads as ::ffff:127.0.0.1.
const normalize = (address: string): string => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

const socketAddress = (c: Context): string | null => {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // No socket: a request made in process (`app.request`), as the tests make them.
    return null;
  }
};

/**
 * The client's address. X-Forwarded-For is believed only when the connection comes from a
 * trusted proxy (the gateway): its entries are read from the right, skipping trusted proxies,
 * and the first other one is the client. From anyone else the socket's peer is the answer, so
 * a client talking to a service's own port cannot choose its address. A request made in
 * process has no socket; its forwarded header is taken as given (tests set it).
 */
export const clientAddress = (c: Context, trustedProxies: ReadonlySet<string>): string => {
  const peer = socketAddress(c);
  const forwarded = c.req.header('x-forwarded-for');
  if (peer !== null && !trustedProxies.has(normalize(peer))) return normalize(peer);
  const hops = (forwarded ?? '').split(',').map(normalize).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!trustedProxies.has(hop) || i === 0) return hop.slice(0, 64);
  }
  return peer === null ? 'unknown' : normalize(peer);
};
