import { createServiceApp, idempotent, requireUser, type AccessTokenKeys, type Sql } from '@starforge/service-kit';
import { offlineSolanaSettlement, type SolanaSettlement } from '@starforge/service-kit/solana-payment/index';
import type { BountiesDeps } from './deps';
import { projectRoutes } from './routes/projects';
import { subscriptionRoutes } from './routes/subscription';

export interface BountiesAppOptions {
  /** Keys that sign access tokens. Default: the auth service's JWKS at AUTH_JWKS_URL. */
  keys?: AccessTokenKeys;
  /** The platform's treasury address, which a Pro plan paid with Solana pays (SOLANA_TREASURY, checked by readBountiesConfig). */
  solanaTreasury: string;
  /** Sends a verified Solana payment and waits for it. Default: the kit's offline settlement (no network here). */
  solanaSettlement?: SolanaSettlement;
}

/** The bounties service (issue 17): plans, projects, funded bounties, completions and reviews. */
export const createApp = (sql: Sql, options: BountiesAppOptions) => {
  const deps: BountiesDeps = {
    sql,
    requireUser: requireUser({ sql, ...(options.keys ? { keys: options.keys } : {}) }),
    idempotent: idempotent({ sql }),
    solana: { treasury: options.solanaTreasury, settlement: options.solanaSettlement ?? offlineSolanaSettlement },
  };
  const app = createServiceApp('bounties', sql);
  // Routes mount here, one line per router (src/routes/*).
  app.route('/', subscriptionRoutes(deps));
  app.route('/', projectRoutes(deps));
  return app;
};
