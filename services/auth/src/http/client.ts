import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ClientInfo } from '../domain/sessions';

const firstValue = (header: string | undefined): string | null => header?.split(',')[0]?.trim() || null;

/**
 * The client's address: the first X-Forwarded-For entry, which our gateway sets from the
 * socket it accepted, else this socket's peer, else 'unknown' (in-process requests in tests).
 */
export const clientIp = (c: Context): string => {
  const forwarded = firstValue(c.req.header('x-forwarded-for'));
  if (forwarded) return forwarded.slice(0, 64);
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

export const clientInfo = (c: Context): ClientInfo => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null });

/** The host the browser addressed, as the gateway saw it (X-Forwarded-Host), else Host, else the URL's. */
export const requestHost = (c: Context): string =>
  firstValue(c.req.header('x-forwarded-host')) ?? firstValue(c.req.header('host')) ?? new URL(c.req.url).host;

/** Whether the browser's connection was https (the gateway says so in X-Forwarded-Proto). */
export const isHttps = (c: Context): boolean => {
  const proto = firstValue(c.req.header('x-forwarded-proto'));
  return proto ? proto.toLowerCase() === 'https' : new URL(c.req.url).protocol === 'https:';
};
