import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { idempotencyKeyMigrations, type Sql } from '@starforge/service-kit';
import { createTestTokens, type TestTokens } from '@starforge/service-kit/auth/test-tokens';
import { testSql } from '@starforge/test-db';
import { callAsIn, testAppOf, type TestApp, type TestUser } from '@starforge/test-db/harness';
import { newSolanaReference, paymentMigrations, type SolanaSettlement, type CardProcessor, simulatedCardProcessor } from '@starforge/payments/server';
import { testJobs } from '@starforge/test-db/jobs';
import { createApp } from '../app';
import { type CardPayments, registerMarketplaceJobs } from '../domain/card-settlement';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Auth (sessions), events, rewards and nft (the published SQL it calls), then marketplace with the kit's idempotency keys. */
export const marketplaceMigrations = [
  { schema: 'auth', dir: dir('../../../auth/migrations') },
  { schema: 'events', dir: dir('../../../events/migrations') },
  { schema: 'rewards', dir: dir('../../../rewards/migrations') },
  { schema: 'nft', dir: dir('../../../nft/migrations') },
  { schema: 'marketplace', ...idempotencyKeyMigrations },
  { schema: 'marketplace', dir: dir('../../migrations') },
  { schema: 'marketplace', ...paymentMigrations },
];

export interface MarketplaceTestContext {
  sql: Sql;
  tokens: TestTokens;
  app: TestApp<ReturnType<typeof createApp>>;
  /** The card processor (simulated unless the file gives its own) and the file's started jobs, which settle card payments. */
  cards: CardPayments;
}

/** The treasury the test apps' Solana payments pay: a fresh address per test process. */
export const testTreasury = newSolanaReference();

/**
 * The file's pool, test tokens, started jobs (the service's workers) and app, opened before its
 * tests and closed after them: read the fields inside tests. `solanaSettlement` replaces the kit's
 * offline one (a network that refuses); `cardProcessor` the simulated processor (one on a clock
 * the test moves).
 */
export const marketplaceTestContext = (options: { solanaSettlement?: SolanaSettlement; cardProcessor?: CardProcessor } = {}): MarketplaceTestContext => {
  const ctx = {} as MarketplaceTestContext;
  beforeAll(async () => {
    ctx.sql = await testSql(marketplaceMigrations, 'marketplace');
    ctx.tokens = await createTestTokens();
    ctx.cards = { processor: options.cardProcessor ?? simulatedCardProcessor(), jobs: testJobs('marketplace') };
    registerMarketplaceJobs(ctx.cards, ctx.sql);
    await ctx.cards.jobs.start();
    const { cardProcessor: _processor, ...appOptions } = options;
    ctx.app = testAppOf(
      createApp(ctx.sql, { keys: ctx.tokens.keys, searchRefreshMs: 0, solanaTreasury: testTreasury, cards: ctx.cards, ...appOptions }),
      'marketplace',
    );
  });
  afterAll(async () => {
    await ctx.cards?.jobs.stop({ timeoutMs: 2_000 });
    await ctx.sql?.end();
  });
  return ctx;
};

/** A minted NFT owned by `ownerId`, made through nft's published function (what nft's mint job leaves behind). */
export const mintedNft = async (sql: Sql, ownerId: string, name = 'Nebula', description = 'A test NFT'): Promise<string> => {
  const [row] = await sql<{ id: string }[]>`
    select nft.create_completed_nft(${ownerId}, ${name}, ${description}, 'Art', null, null, false, null, 5, 'ethereum') as id`;
  if (!row) throw new Error('no NFT created');
  return row.id;
};

/** A minted NFT of `sellerId`'s with the given name and description, listed at `priceCents` (its listed date `listedAt`, default now). */
export const listedNft = async (
  sql: Sql,
  sellerId: string,
  { name, description = '', priceCents = 1000, listedAt }: { name: string; description?: string; priceCents?: number; listedAt?: Date },
): Promise<{ nftId: string; listingId: string }> => {
  const nftId = await mintedNft(sql, sellerId, name, description);
  const [row] = await sql<{ nftId: string; listingId: string }[]>`
    insert into marketplace.nft_sales (nft_id, seller_id, price_cents, created_at)
    values (${nftId}, ${sellerId}, ${priceCents}, ${listedAt ?? new Date()})
    returning nft_id, id as listing_id`;
  if (!row) throw new Error('no NFT listed');
  return row;
};

/** Saves the user's names in auth's profiles, as Settings does. */
export const setNames = (sql: Sql, userId: string, firstName: string | null, lastName: string | null) =>
  sql`insert into auth.profiles (id, first_name, last_name) values (${userId}, ${firstName}, ${lastName})
      on conflict (id) do update set first_name = excluded.first_name, last_name = excluded.last_name, updated_at = now()`;

/** An NFT still being minted (status pending), written straight into nft's table as the wizard's mint leaves it. */
export const pendingNft = async (sql: Sql, ownerId: string): Promise<string> => {
  const [row] = await sql<{ id: string }[]>`
    insert into nft.nft_mints (user_id, name, description, category, origin, original_creator_id, current_owner_id)
    values (${ownerId}, 'Pending one', 'Still minting', 'Art', 'wizard', ${ownerId}, ${ownerId})
    returning id`;
  if (!row) throw new Error('no NFT inserted');
  return row.id;
};

/** Moves the NFT to another user through nft's published function (what a sale will do). */
export const transferNft = (sql: Sql, nftId: string, from: string, to: string) =>
  sql`select nft.transfer_ownership(${nftId}, ${from}, ${to}, ${`test:${randomUUID()}`})`;

/** Every row of the NFT's listings, oldest first, as the table holds them. */
export const salesOf = (sql: Sql, nftId: string) =>
  sql<{ id: string; sellerId: string; buyerId: string | null; priceCents: string; status: string; cancelledAt: Date | null }[]>`
    select id, seller_id, buyer_id, price_cents, status, cancelled_at from marketplace.nft_sales where nft_id = ${nftId} order by created_at, id`;

/** The public `marketplace.listing_changed` events about the NFT, in the order they were published. */
export const listingEventsOf = async (sql: Sql, nftId: string) =>
  (
    await sql<{ data: unknown }[]>`
      select data from events.events where user_id is null and type = 'marketplace.listing_changed' and data ->> 'nftId' = ${nftId} order by id`
  ).map((r) => r.data);

export { callAsIn as callAs, signIn, type TestUser } from '@starforge/test-db/harness';
export { eventually } from '@starforge/test-db/eventually';

/** A minted NFT created by `creatorId` with the given royalty (percent, one decimal). */
export const nftWithRoyalty = async (sql: Sql, creatorId: string, royalty: number): Promise<string> => {
  const [row] = await sql<{ id: string }[]>`
    select nft.create_completed_nft(${creatorId}, 'Royalty one', 'A test NFT', 'Art', null, null, false, null, ${royalty}, 'ethereum') as id`;
  if (!row) throw new Error('no NFT created');
  return row.id;
};

/** A card that passes every check (Visa's test number, far from expiring). */
export const goodCard = {
  payment_method: 'credit_card',
  card_number: '4242 4242 4242 4242',
  expiry: '12/49',
  cvv: '123',
  cardholder_name: 'Ada Buyer',
} as const;

/** The ledger rows a sale of the NFT wrote, per user: kind and cents. */
export const saleLedgerOf = (sql: Sql, nftId: string) =>
  sql<{ userId: string; transactionType: string; amountCents: string; rule: string }[]>`
    select user_id, transaction_type, amount_cents, rule from rewards.transactions
    where source_type = 'nft_sale' and source_id = ${nftId} order by transaction_type, user_id`;

/** Users whose balance differs from their ledger: empty unless something is broken. */
export const ledgerBreaks = (sql: Sql) => sql`select * from rewards.ledger_breaks`;

/** The buyer's cart as /payment shows it: each line's NFT at the price it shows (what a checkout's `items` carries). */
export const cartItemsOf = async (ctx: MarketplaceTestContext, who: TestUser) => {
  const cart = await callAsIn(ctx, who, 'GET', '/cart');
  return (cart.body as { items: { nft_id: string; price_cents: number }[] }).items.map(({ nft_id, price_cents }) => ({ nft_id, price_cents }));
};

/** The order /payment sends for the cart, unless `body` names its own (`nft_id` with `price_cents`, or `items`). */
export const withCartItems = async (ctx: MarketplaceTestContext, who: TestUser, body: Record<string, unknown>) =>
  'nft_id' in body || 'items' in body ? body : { ...body, items: await cartItemsOf(ctx, who) };

/** POST /checkout/card as /payment sends it: the good card and the order (`withCartItems`). */
export const payByCard = async (ctx: MarketplaceTestContext, who: TestUser, body: Record<string, unknown> = {}, key?: string) =>
  callAsIn(ctx, who, 'POST', '/checkout/card', { body: { ...goodCard, ...(await withCartItems(ctx, who, body)) }, ...(key ? { key } : {}) });
