import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { defaultRemoteEntry, remoteNames, remotesOverrideSchema, serviceNames, type RemotesMap, type ServiceName } from '@starforge/contracts/shared';

/** A service's copies: one URL, or several separated by commas (`http://127.0.0.1:4001,http://127.0.0.1:4002`). */
const serviceUrls = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().url()).min(1));

const gatewayEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** The workspace root: the shell and every remote have their dist/ build below it. */
  STATIC_ROOT: z.string().default(resolve(import.meta.dirname, '../../..')),
  AUTH_URL: serviceUrls,
  NFT_URL: serviceUrls,
  MARKETPLACE_URL: serviceUrls,
  BOUNTIES_URL: serviceUrls,
  REWARDS_URL: serviceUrls,
  EVENTS_URL: serviceUrls,
  /** A JSON remotes map, or a file holding one, to point some remotes elsewhere. */
  REMOTES_MAP: z.string().optional(),
  REMOTES_FILE: z.string().optional(),
  /** The origin browsers use; an https origin turns on HSTS and upgrade-insecure-requests. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /** How long a request body may go without a byte before the gateway answers 408. */
  GATEWAY_BODY_TIMEOUT_SECONDS: z.coerce.number().positive().max(3_600).default(15),
});

export interface GatewayConfig {
  port: number;
  host: string;
  staticRoot: string;
  /** Each service's copies; requests are spread over those that are ready. */
  services: Record<ServiceName, readonly string[]>;
  remotes: RemotesMap;
  /** The origin browsers use (default http://localhost:<PORT>); behind TLS, its https URL. */
  publicOrigin: string;
  /** A request body is read whole before it goes to a service; this long at most between two of its pieces. */
  bodyTimeoutMs: number;
}

export const defaultRemotes = (): RemotesMap => Object.fromEntries(remoteNames.map((name) => [name, defaultRemoteEntry(name)])) as RemotesMap;

/** The one place the gateway reads its environment. */
export const readGatewayConfig = (source: NodeJS.ProcessEnv = process.env): GatewayConfig => {
  const env = gatewayEnvSchema.parse(source);
  const override = env.REMOTES_MAP ?? (env.REMOTES_FILE ? readFileSync(env.REMOTES_FILE, 'utf8') : undefined);
  const remotes = { ...defaultRemotes(), ...(override ? remotesOverrideSchema.parse(JSON.parse(override)) : {}) };
  const services = {} as Record<ServiceName, readonly string[]>;
  for (const d of serviceNames) services[d] = env[`${d.toUpperCase()}_URL` as `${Uppercase<ServiceName>}_URL`];
  const publicOrigin = new URL(env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).origin;
  return {
    port: env.PORT,
    host: env.HOST,
    staticRoot: env.STATIC_ROOT,
    services,
    remotes,
    publicOrigin,
    bodyTimeoutMs: env.GATEWAY_BODY_TIMEOUT_SECONDS * 1000,
  };
};
