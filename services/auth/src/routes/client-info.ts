import type { Context } from 'hono';
import type { ServiceEnvVars } from '@starforge/service-kit';
import type { ClientInfo } from '../domain/sessions';

/** The client as a session records it: its address (from the kit) and its user agent. */
export const clientInfo = (c: Context<ServiceEnvVars>): ClientInfo => ({ ip: c.var.clientIp, userAgent: c.req.header('user-agent') ?? null });

const firstValue = (header: string | undefined): string | null => header?.split(',')[0]?.trim() || null;

/** Whether the browser's connection was https (the gateway says so in X-Forwarded-Proto). */
export const isHttps = (c: Context): boolean => {
  const proto = firstValue(c.req.header('x-forwarded-proto'));
  return proto ? proto.toLowerCase() === 'https' : new URL(c.req.url).protocol === 'https:';
};
