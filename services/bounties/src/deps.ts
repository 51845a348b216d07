import type { MiddlewareHandler } from 'hono';
import type { AuthEnv, Jobs, Sql } from '@starforge/service-kit';
import type { SolanaPaymentConfig } from '@starforge/payments/server';
import type { OpenBountiesPageCache } from './domain/open-bounty-pages';

/** What every route of the bounties service is built from. */
export interface BountiesDeps {
  sql: Sql;
  /** The shared access-token middleware. */
  requireUser: MiddlewareHandler<AuthEnv>;
  /** The kit's Idempotency-Key middleware, for the routes that create. */
  idempotent: MiddlewareHandler<AuthEnv>;
  /** The service's durable jobs: a claim's lapse (claim-lapse-job.ts). */
  jobs: Jobs;
  /** The treasury a Pro plan paid with Solana goes to, and the settlement that sends it. */
  solana: SolanaPaymentConfig;
  /** The open-bounties pages this copy keeps (server.ts); without it every page is read from the database. */
  openPages?: OpenBountiesPageCache;
}
