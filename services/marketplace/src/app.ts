import { createServiceApp, type AccessTokenKeys, type Sql } from '@starforge/service-kit';

export interface MarketplaceAppOptions {
  /** Keys that sign access tokens. Default: the auth service's JWKS at AUTH_JWKS_URL. */
  keys?: AccessTokenKeys;
}

/** The marketplace service: its routes mount here as the domain is built. */
export const createApp = (sql: Sql, _options: MarketplaceAppOptions = {}) => createServiceApp('marketplace', sql);
