import { createServiceApp, idempotent, requireUser, type AccessTokenKeys, type Sql } from '@starforge/service-kit';
import { cardProcessorRoute, offlineSolanaSettlement, type SolanaSettlement } from '@starforge/payments/server';
import type { MarketplaceDeps } from './deps';
import type { CardPayments } from './domain/card-settlement';
import { marketplaceServiceSqlStates } from './domain/errors';
import { SEARCH_REFRESH_MS, searchRefresher, type SearchPageCache } from './domain/search';
import { cartRoutes } from './routes/cart';
import { checkoutRoutes } from './routes/checkout';
import { createdNftRoutes } from './routes/created-nfts';
import { listingRoutes } from './routes/listings';
import { salesRoutes } from './routes/sales';
import { searchRoutes } from './routes/search';
import { solanaRoutes } from './routes/solana';

export interface MarketplaceAppOptions {
  /** Keys that sign access tokens. Default: the auth service's JWKS at AUTH_JWKS_URL. */
  keys?: AccessTokenKeys;
  /** How often a search first refreshes the listings' search text from sellers' names. Default 30 s (SEARCH_REFRESH_MS). */
  searchRefreshMs?: number;
  /**
   * Search pages kept in memory until a listing changes (`searchPageCache`; the server passes one
   * and stops it at shutdown). Without one, every search reads the database.
   */
  searchCache?: SearchPageCache;
  /** The platform's treasury address, which Solana payments pay (SOLANA_TREASURY, checked by readMarketplaceConfig). */
  solanaTreasury: string;
  /** Sends a verified Solana payment and waits for it. Default: the kit's offline settlement (no network here). */
  solanaSettlement?: SolanaSettlement;
  /** The card processor behind the kit's boundary (`cardProcessorOf(config)`) and the durable jobs that settle its payments. */
  cards: CardPayments;
}

/** The marketplace service: listings (issue 15); search, the cart, card and Solana checkout, sale history (issue 16). */
export const createApp = (sql: Sql, options: MarketplaceAppOptions) => {
  const deps: MarketplaceDeps = {
    sql,
    requireUser: requireUser({ sql, ...(options.keys ? { keys: options.keys } : {}) }),
    idempotent: idempotent({ sql }),
    refreshSearch: searchRefresher(sql, options.searchRefreshMs ?? SEARCH_REFRESH_MS),
    ...(options.searchCache ? { searchCache: options.searchCache } : {}),
    solana: { treasury: options.solanaTreasury, settlement: options.solanaSettlement ?? offlineSolanaSettlement },
    cards: options.cards,
  };
  const app = createServiceApp('marketplace', sql, { sqlStates: marketplaceServiceSqlStates });
  app.route('/', listingRoutes(deps));
  app.route('/', createdNftRoutes(deps));
  app.route('/', searchRoutes(deps));
  app.route('/', cartRoutes(deps));
  app.route('/', checkoutRoutes(deps));
  app.route('/', cardProcessorRoute(deps.cards.processor));
  app.route('/', solanaRoutes(deps));
  app.route('/', salesRoutes(deps));
  return app;
};
