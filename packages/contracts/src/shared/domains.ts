/** Back-end domains; each is one Hono service mounted at `/api/<domain>`, backed by its remote. */
export const domains = ['auth', 'nft', 'marketplace', 'bounties', 'rewards'] as const;
export type Domain = (typeof domains)[number];

/**
 * Services every domain relies on, with no remote of their own: `events` holds the one live
 * event stream per tab (`/api/events`).
 */
export const platformServices = ['events'] as const;
export type PlatformService = (typeof platformServices)[number];

/** Every service the launcher starts and the gateway proxies at `/api/<name>`. */
export const serviceNames = [...domains, ...platformServices] as const;
export type ServiceName = (typeof serviceNames)[number];

export const isServiceName = (value: string): value is ServiceName => (serviceNames as readonly string[]).includes(value);
