import type { MiddlewareHandler } from 'hono';
import type { AuthEnv, Sql } from '@starforge/service-kit';
import type { AuthConfig } from './config/env';
import type { SigningKeyStore } from './domain/signing-keys';

/** What every route of the auth service is built from. */
export interface AuthDeps {
  sql: Sql;
  config: AuthConfig;
  keys: SigningKeyStore;
  /** The shared access-token middleware, over this service's own keys. */
  requireUser: MiddlewareHandler<AuthEnv>;
}
