import { createServiceApp, readHttpSettings, requireUser, type Sql } from '@starforge/service-kit';
import { readAuthConfig, type AuthConfig } from './config/env';
import { signingKeyStore, type SigningKeyStore } from './domain/signing-keys';
import type { AuthDeps } from './deps';
import { jwksRoutes } from './routes/jwks';
import { logoutRoutes } from './routes/logout';
import { profileRoutes } from './routes/profile';
import { signupRoutes } from './routes/signup';
import { tokenRoutes } from './routes/token';
import { userRoutes } from './routes/user';
import { userWalletRoutes } from './routes/user-wallets';
import { walletNonceRoutes } from './routes/wallet-nonce';

export interface AuthAppOptions {
  /** Default: read from the environment. */
  config?: AuthConfig;
  /** Default: the configured key, or the one kept in the auth schema, loaded on first use. */
  keys?: SigningKeyStore;
}

/** The auth service: accounts, sessions, wallet proofs, profiles and the public keys. */
export const createApp = (sql: Sql, options: AuthAppOptions = {}) => {
  const config = options.config ?? readAuthConfig();
  const keys = options.keys ?? signingKeyStore(sql, config.signingKey);
  const deps: AuthDeps = {
    sql,
    config,
    keys,
    // Reads here are cheap and few, so even GET /user confirms the session is still signed in.
    requireUser: requireUser({ sql, keys: (header, token) => keys().then((k) => k.verifyKeys(header, token)), sessionCheck: 'always' }),
  };

  // The origin checks and the wallet challenges agree on one public origin.
  const app = createServiceApp('auth', sql, { http: { ...readHttpSettings(), publicOrigin: config.publicOrigin } });
  // Answers carry tokens (sessions, challenges): never cached, unless a route says otherwise (the JWKS).
  // Set before the handler, so the answer is built with it (a route may override it); changing
  // c.res afterwards would make @hono/node-server rebuild every answer as a full Response.
  app.use(async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  app.route('/', signupRoutes(deps));
  app.route('/', tokenRoutes(deps));
  app.route('/', walletNonceRoutes(deps));
  app.route('/', logoutRoutes(deps));
  app.route('/', userRoutes(deps));
  app.route('/', userWalletRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', jwksRoutes(deps));
  return app;
};
