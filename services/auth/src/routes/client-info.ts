import type { Context } from 'hono';
import type { ServiceEnvVars } from '@starforge/service-kit';
import type { ClientInfo } from '../domain/sessions';

/** The client as a session records it: its address (from the kit) and its user agent. */
export const clientInfo = (c: Context<ServiceEnvVars>): ClientInfo => ({ ip: c.var.clientIp, userAgent: c.req.header('user-agent') ?? null });
