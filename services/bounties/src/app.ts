import { createServiceApp, idempotent, requireUser, type AccessTokenKeys, type Sql } from '@starforge/service-kit';
import type { BountiesDeps } from './deps';

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
  const app = createServiceApp('bounties', sql);
  // Routes mount here, one line per router (src/routes/*).
  void deps;
  return app;
};
