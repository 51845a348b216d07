import { Hono } from 'hono';
import { requireUser, type AccessTokenKeys, type AuthEnv, type Sql } from '@starforge/service-kit';

/**
 * The smallest service that checks sign-in as every domain service does: `/open` answers
 * without a token, `/authed` behind `requireUser` (GET: the token's signature only, the
 * default `sessionCheck: 'live-set'`, no lookup once the session is known live; POST: the signature plus the session lookup in Postgres).
 * Without `keys`, requireUser fetches the auth service's JWKS from AUTH_JWKS_URL, as in production.
 */
export const createAuthedApp = (sql: Sql, keys?: AccessTokenKeys) => {
  const app = new Hono<AuthEnv>();
  app.get('/open', (c) => c.json({ ok: true }));
  app.use('/authed', requireUser(keys ? { sql, keys } : { sql }));
  app.get('/authed', (c) => c.json({ ok: true, user: c.var.user.id }));
  app.post('/authed', (c) => c.json({ ok: true, user: c.var.user.id }));
  return app;
};
