import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { idempotencyKeyMigrations, type Sql } from '@starforge/service-kit';
import { createTestTokens, type TestTokens } from '@starforge/service-kit/auth/test-tokens';
import { testSql } from '@starforge/test-db';
import { testAppOf, type TestApp } from '@starforge/test-db/harness';
import { newSolanaReference } from '@starforge/service-kit/solana-payment/index';
import { createApp, type BountiesAppOptions } from '../app';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Auth (sessions, public profiles), events and rewards (the published money functions), then bounties with the kit's idempotency keys. */
const bountiesMigrations = [
  { schema: 'auth', dir: dir('../../../auth/migrations') },
  { schema: 'events', dir: dir('../../../events/migrations') },
  { schema: 'rewards', dir: dir('../../../rewards/migrations') },
  { schema: 'bounties', ...idempotencyKeyMigrations },
  { schema: 'bounties', dir: dir('../../migrations') },
];

export interface BountiesTestContext {
  sql: Sql;
  tokens: TestTokens;
  app: TestApp<ReturnType<typeof createApp>>;
}

/** The treasury the test apps' Solana payments pay: a fresh address per test process. */
export const testTreasury = newSolanaReference();

/**
 * The file's pool, test tokens and app, opened before its tests and closed after them: read the
 * fields inside tests. `solanaSettlement` replaces the kit's offline one (a network that refuses).
 */
export const bountiesTestContext = (options: Partial<Omit<BountiesAppOptions, 'keys'>> = {}): BountiesTestContext => {
  const ctx = {} as BountiesTestContext;
  beforeAll(async () => {
    ctx.sql = await testSql(bountiesMigrations, 'bounties');
    ctx.tokens = await createTestTokens();
    ctx.app = testAppOf(createApp(ctx.sql, { keys: ctx.tokens.keys, solanaTreasury: testTreasury, ...options }), 'bounties');
  });
  afterAll(() => ctx.sql?.end());
  return ctx;
};

export { callAsIn as callAs, signIn, type TestUser } from '@starforge/test-db/harness';
export { eventually } from '@starforge/test-db/eventually';

/** A card that passes every check (Visa's test number, far from expiring). */
export const goodCard = {
  payment_method: 'credit_card',
  card_number: '4242 4242 4242 4242',
  expiry: '12/49',
  cvv: '123',
  cardholder_name: 'Ada Pro',
} as const;

/** Users whose balance differs from their ledger: empty unless something is broken. */
export const ledgerBreaks = (sql: Sql) => sql`select * from rewards.ledger_breaks`;
