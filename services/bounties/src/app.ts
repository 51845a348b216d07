import { rewardsSqlStates } from '@starforge/contracts';
import { createServiceApp, idempotent, requireUser, type AccessTokenKeys, type Sql } from '@starforge/service-kit';
import type { BountiesDeps } from './deps';
import { bountyRoutes } from './routes/bounties';
import { completionRoutes } from './routes/completions';
import { reviewRoutes } from './routes/reviews';

export interface BountiesAppOptions {
  /** Keys that sign access tokens. Default: the auth service's JWKS at AUTH_JWKS_URL. */
  keys?: AccessTokenKeys;
}

/** The bounties service (issue 17): plans, projects, funded bounties, completions and reviews. */
export const createApp = (sql: Sql, options: BountiesAppOptions = {}) => {
  const deps: BountiesDeps = {
    sql,
    requireUser: requireUser({ sql, ...(options.keys ? { keys: options.keys } : {}) }),
    idempotent: idempotent({ sql }),
  };
  // rewards' published functions' states (a refused debit is answered by the bounty itself: insufficient_funds).
  const app = createServiceApp('bounties', sql, { sqlStates: rewardsSqlStates });
  // Routes mount here, one line per router (src/routes/*).
  app.route('/', bountyRoutes(deps));
  app.route('/', completionRoutes(deps));
  app.route('/', reviewRoutes(deps));
  return app;
};
