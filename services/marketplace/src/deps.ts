import type { MiddlewareHandler } from 'hono';
import type { AuthEnv, Sql } from '@starforge/service-kit';
import type { CardPayments } from './domain/card-settlement';
import type { SearchPageCache } from './domain/search';
import type { SolanaPaymentConfig } from './domain/solana-payment';

/** What every route of the marketplace service is built from. */
export interface MarketplaceDeps {
  sql: Sql;
  /** The shared access-token middleware. */
  requireUser: MiddlewareHandler<AuthEnv>;
  /** The kit's Idempotency-Key middleware, for the routes that list, remove or create. */
  idempotent: MiddlewareHandler<AuthEnv>;
  /** Brings listings' search text up to date with sellers' names, when due (domain/search.ts). */
  refreshSearch: () => void;
  /** Search pages kept until a listing changes; none: every search reads the database. */
  searchCache?: SearchPageCache;
  /** The treasury Solana payments go to, and the settlement that sends them. */
  solana: SolanaPaymentConfig;
  /** The card processor (its mode from config/env.ts) and the jobs that settle card payments. */
  cards: CardPayments;
}
