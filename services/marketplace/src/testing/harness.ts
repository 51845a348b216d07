import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { idempotencyKeyMigrations, type Sql } from '@starforge/service-kit';
import { createTestTokens, type TestTokens } from '@starforge/service-kit/auth/test-tokens';
import { testSql } from '@starforge/test-db';
import { testAppOf, type TestApp } from '@starforge/test-db/harness';
import { createApp } from '../app';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Auth (sessions), events, rewards and nft (the published SQL it calls), then marketplace with the kit's idempotency keys. */
const marketplaceMigrations = [
  { schema: 'auth', dir: dir('../../../auth/migrations') },
  { schema: 'events', dir: dir('../../../events/migrations') },
  { schema: 'rewards', dir: dir('../../../rewards/migrations') },
  { schema: 'nft', dir: dir('../../../nft/migrations') },
  { schema: 'marketplace', ...idempotencyKeyMigrations },
  { schema: 'marketplace', dir: dir('../../migrations') },
];

export interface MarketplaceTestContext {
  sql: Sql;
  tokens: TestTokens;
  app: TestApp<ReturnType<typeof createApp>>;
}

/** The file's pool, test tokens and app, opened before its tests and closed after them: read the fields inside tests. */
export const marketplaceTestContext = (): MarketplaceTestContext => {
  const ctx = {} as MarketplaceTestContext;
  beforeAll(async () => {
    ctx.sql = await testSql(marketplaceMigrations, 'marketplace');
    ctx.tokens = await createTestTokens();
    ctx.app = testAppOf(createApp(ctx.sql, { keys: ctx.tokens.keys }), 'marketplace');
  });
  afterAll(() => ctx.sql?.end());
  return ctx;
};
