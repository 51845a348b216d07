import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceName } from '@starforge/contracts/shared';
import { idempotencyKeyMigrations, type AccessTokenKeys, type ServiceApp, type Sql } from '@starforge/service-kit';
import { createTestTokens, type TestTokens } from '@starforge/service-kit/auth/test-tokens';
import { testSql } from './index';
import { describeEmptyWrites } from './empty-writes';

export interface ServiceBasicsOptions {
  /**
   * A signed-in user's access token for the app, so writes behind sign-in are walked too.
   * Default: a test session (`createTestTokens`), whose keys `createApp` is given.
   */
  signIn?: (app: ServiceApp, sql: Sql) => Promise<string>;
  /** The service keeps idempotency keys (`runService({ kitMigrations: [idempotencyKeyMigrations] })`). */
  idempotencyKeys?: boolean;
}

/**
 * The behaviour every domain service shares: health, readiness, OpenAPI document, error shape,
 * and every JSON write answering a request with no body as a refusal, not a fault (describeEmptyWrites).
 */
export const describeServiceBasics = (
  domain: ServiceName,
  migrationsDir: string,
  createApp: (sql: Sql, keys: AccessTokenKeys) => ServiceApp,
  options: ServiceBasicsOptions = {},
) =>
  describe(`${domain} service basics`, () => {
    let sql: Sql;
    let tokens: TestTokens;
    beforeAll(async () => {
      const kit = options.idempotencyKeys ? [{ schema: domain, ...idempotencyKeyMigrations }] : [];
      sql = await testSql([...kit, { schema: domain, dir: migrationsDir }], domain);
      tokens = await createTestTokens();
    });
    afterAll(() => sql.end());

    describeEmptyWrites(domain, () => {
      const app = createApp(sql, tokens.keys);
      const signIn = options.signIn ?? (async () => (await tokens.signIn(sql)).token);
      return { app, token: () => signIn(app, sql) };
    });

    it('answers health when the database answers', async () => {
      const res = await createApp(sql, tokens.keys).request(`/api/${domain}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', domain });
    });

    it('answers ready while it takes requests (a copy that drains answers 503, see runService)', async () => {
      const res = await createApp(sql, tokens.keys).request(`/api/${domain}/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready', domain });
    });

    it('publishes an OpenAPI 3.1 document generated from its routes', async () => {
      const res = await createApp(sql, tokens.keys).request(`/api/${domain}/openapi.json`);
      expect(res.status).toBe(200);
      const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toContain(`/api/${domain}/health`);
    });

    it('answers unknown paths with the error shape', async () => {
      const res = await createApp(sql, tokens.keys).request(`/api/${domain}/no-such-route`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    });
  });
