import { createServiceApp, idempotent, requireUser, type AccessTokenKeys, type Jobs, type Sql } from '@starforge/service-kit';
import { readRewardsConfig, type RewardsConfig } from './config/env';
import type { RewardsDeps } from './deps';
import { rewardsServiceSqlStates } from './domain/errors';
import { accountRoutes } from './routes/account';
import { gasHistoryRoutes } from './routes/gas-history';
import { moneyRoutes } from './routes/money';
import { testRunRoutes } from './routes/test-runs';
import { withdrawalRoutes } from './routes/withdrawals';

export interface RewardsAppOptions {
  /** The service's durable jobs (runService's, or a test's); its workers are registered by registerRewardsJobs. */
  jobs: Jobs;
  /** Default: read from the environment. */
  config?: RewardsConfig;
  /** Keys that sign access tokens. Default: the auth service's JWKS at AUTH_JWKS_URL. */
  keys?: AccessTokenKeys;
}

/** The rewards service: the ledger, points and cash, FORGE staking and tiers, test runs, withdrawals. */
export const createApp = (sql: Sql, options: RewardsAppOptions) => {
  const deps: RewardsDeps = {
    sql,
    jobs: options.jobs,
    config: options.config ?? readRewardsConfig(),
    requireUser: requireUser({ sql, ...(options.keys ? { keys: options.keys } : {}) }),
    idempotent: idempotent({ sql }),
  };
  const app = createServiceApp('rewards', sql, { sqlStates: rewardsServiceSqlStates });
  app.route('/', accountRoutes(deps));
  app.route('/', testRunRoutes(deps));
  app.route('/', gasHistoryRoutes(deps));
  app.route('/', moneyRoutes(deps));
  app.route('/', withdrawalRoutes(deps));
  return app;
};
