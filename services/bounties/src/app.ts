import { rewardsSqlStates } from '@starforge/rewards-published/sql-states';
import { createServiceApp, idempotent, requireUser, type AccessTokenKeys, type Jobs, type Sql } from '@starforge/service-kit';
import { type CardProcessor, simulatedCardProcessor, cardProcessorRoute, offlineSolanaSettlement, type SolanaSettlement } from '@starforge/payments/server';
import type { BountiesDeps } from './deps';
import type { OpenBountiesPageCache } from './domain/open-bounty-pages';
import { bountyRoutes } from './routes/bounties';
import { completionRoutes } from './routes/completions';
import { projectCodeRoutes } from './routes/project-code';
import { projectRoutes } from './routes/projects';
import { proofRunRoutes } from './routes/proof-runs';
import { reviewRoutes } from './routes/reviews';
import { subscriptionRoutes } from './routes/subscription';

export interface BountiesAppOptions {
  /** The service's durable jobs, with `registerBountiesJobs`' worker (a claim's lapse). */
  jobs: Jobs;
  /** Keys that sign access tokens. Default: the auth service's JWKS at AUTH_JWKS_URL. */
  keys?: AccessTokenKeys;
  /** The platform's treasury address, which a Pro plan paid with Solana pays (SOLANA_TREASURY, checked by readBountiesConfig). */
  solanaTreasury: string;
  /** Sends a verified Solana payment and waits for it. Default: the kit's offline settlement (no network here). */
  solanaSettlement?: SolanaSettlement;
  /** The open-bounties pages kept in memory (server.ts makes one). Default: none, every page read from the database. */
  openPages?: OpenBountiesPageCache;
  /** The card processor the Pro plan's card payment is taken by (its mode answered at GET /card-processor). Default: the simulated one. */
  cardProcessor?: CardProcessor;
}

/** The bounties service (issue 17): plans, projects, funded bounties, completions and reviews. */
export const createApp = (sql: Sql, options: BountiesAppOptions) => {
  const deps: BountiesDeps = {
    sql,
    requireUser: requireUser({ sql, ...(options.keys ? { keys: options.keys } : {}) }),
    idempotent: idempotent({ sql }),
    jobs: options.jobs,
    solana: { treasury: options.solanaTreasury, settlement: options.solanaSettlement ?? offlineSolanaSettlement },
    ...(options.openPages ? { openPages: options.openPages } : {}),
  };
  // rewards' published functions' states (a refused debit is answered by the bounty itself: insufficient_funds).
  const app = createServiceApp('bounties', sql, { sqlStates: rewardsSqlStates });
  // Routes mount here, one line per router (src/routes/*).
  app.route('/', subscriptionRoutes(deps));
  app.route('/', projectRoutes(deps));
  app.route('/', bountyRoutes(deps));
  app.route('/', completionRoutes(deps));
  app.route('/', reviewRoutes(deps));
  app.route('/', projectCodeRoutes(deps));
  app.route('/', proofRunRoutes(deps));
  app.route('/', cardProcessorRoute(options.cardProcessor ?? simulatedCardProcessor()));
  return app;
};
