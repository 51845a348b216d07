import type { MiddlewareHandler } from 'hono';
import type { AuthEnv, Jobs, Sql } from '@starforge/service-kit';
import type { RewardsConfig } from './config/env';

/** What every route of the rewards service is built from. */
export interface RewardsDeps {
  sql: Sql;
  jobs: Jobs;
  config: RewardsConfig;
  /** The shared access-token middleware. */
  requireUser: MiddlewareHandler<AuthEnv>;
  /** The kit's Idempotency-Key middleware, for the routes that move money or tokens. */
  idempotent: MiddlewareHandler<AuthEnv>;
}
