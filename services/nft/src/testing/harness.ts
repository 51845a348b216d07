import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { IMAGE_ORPHAN_AFTER_SECONDS } from '@starforge/contracts/nft';
import { idempotencyKeyMigrations, serveApp, type Jobs, type Sql } from '@starforge/service-kit';
import { createTestTokens, type TestTokens } from '@starforge/service-kit/auth/test-tokens';
import { testSql } from '@starforge/test-db';
import { testAppOf, type TestApp, type TestUser } from '@starforge/test-db/harness';
import { testJobs as kitTestJobs } from '@starforge/test-db/jobs';
import { createApp } from '../app';
import type { ImageStoreConfig, NftConfig } from '../config/env';
import { registerNftJobs } from '../jobs';
import { imageStorageOf } from '../storage/from-config';
import type { ImageStorage } from '../storage/image-storage';
import { uniqueImage, type ImageFixtureType } from './images';
import { startTestBucket, type TestBucket } from './s3';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Auth (sessions), events (events.publish), rewards (record_nft_mint) and nft with the kit's idempotency keys. */
const nftMigrations = [
  { schema: 'auth', dir: dir('../../../auth/migrations') },
  { schema: 'events', dir: dir('../../../events/migrations') },
  { schema: 'rewards', dir: dir('../../../rewards/migrations') },
  { schema: 'nft', ...idempotencyKeyMigrations },
  { schema: 'nft', dir: dir('../../migrations') },
];

/** A pool on the test database with the nft schema (and what it needs) migrated. */
export const nftTestSql = (): Promise<Sql> => testSql(nftMigrations, 'nft');

/**
 * The kit's per-file jobs (`nft_t_<random>_jobs`), or `<service>_jobs` to open an earlier one
 * again, as a restarted service does (`testJobs('nft')` is the real service's queues).
 */
export const testJobs = (service?: string): Jobs => kitTestJobs('nft', service ? { service } : {});

/** A short mint delay, so completed mints are seen within a test; images in the file's own folder or bucket. */
export const testConfig = (imageStore: ImageStoreConfig, overrides: Partial<NftConfig> = {}): NftConfig => ({
  mintDelayMs: 100,
  imageStore,
  imageOrphanAfterSeconds: IMAGE_ORPHAN_AFTER_SECONDS,
  ...overrides,
});

/** The variables that name `store` for a service process (config/env.ts reads them back). */
export const imageStoreEnv = (store: ImageStoreConfig): Record<string, string> => {
  if (store.kind === 'file') return { NFT_IMAGE_STORE: 'file', NFT_IMAGE_DIR: store.dir };
  return {
    NFT_IMAGE_STORE: 's3',
    NFT_S3_BUCKET: store.bucket,
    NFT_S3_REGION: store.region,
    NFT_S3_FORCE_PATH_STYLE: String(store.forcePathStyle),
    ...(store.endpoint ? { NFT_S3_ENDPOINT: store.endpoint } : {}),
    ...(store.credentials ? { NFT_S3_ACCESS_KEY_ID: store.credentials.accessKeyId, NFT_S3_SECRET_ACCESS_KEY: store.credentials.secretAccessKey } : {}),
  };
};

export interface NftTestContext {
  sql: Sql;
  tokens: TestTokens;
  jobs: Jobs;
  config: NftConfig;
  storage: ImageStorage;
  /** The s3rver behind `storage` when the context was opened with `store: 's3'`. */
  bucket?: TestBucket;
  app: TestApp<ReturnType<typeof createApp>>;
}

/** The service's app on the context's pool with other jobs or settings (a slow mint leaves its job waiting). */
export const appWith = (ctx: NftTestContext, jobs: Jobs, config: Partial<NftConfig> = {}): NftTestContext => {
  const merged = { ...ctx.config, ...config };
  return { ...ctx, jobs, config: merged, app: testAppOf(createApp(ctx.sql, { jobs, config: merged, storage: ctx.storage, keys: ctx.tokens.keys }), 'nft') };
};

/**
 * Another copy of the service, as a second process is: the context's database and jobs, its own
 * storage client and image cache, on `imageStore` (by default the context's: the same folder or bucket).
 */
export const anotherCopy = (ctx: NftTestContext, imageStore = ctx.config.imageStore): NftTestContext => {
  const config = { ...ctx.config, imageStore };
  const storage = imageStorageOf(imageStore);
  return { ...ctx, config, storage, app: testAppOf(createApp(ctx.sql, { jobs: ctx.jobs, config, storage, keys: ctx.tokens.keys }), 'nft') };
};

/** The app on a free loopback port, as a browser or the gateway reaches it: its origin and its stop. */
export const serveOnLoopback = async (ctx: Pick<NftTestContext, 'app'>): Promise<{ origin: string; close: () => Promise<void> }> => {
  const server = serveApp(ctx.app.app, { port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * The file's pool, test tokens, image store (a temporary folder, or with `store: 's3'` a bucket
 * on an s3rver of the file's own), started jobs (the service's workers) and app, opened before
 * its tests and closed after them: read the fields inside tests.
 */
export const nftTestContext = (options: { config?: Partial<NftConfig>; store?: ImageStoreConfig['kind'] } = {}): NftTestContext => {
  const ctx = {} as NftTestContext;
  beforeAll(async () => {
    ctx.sql = await nftTestSql();
    ctx.tokens = await createTestTokens();
    if (options.store === 's3') ctx.bucket = await startTestBucket();
    const store: ImageStoreConfig = ctx.bucket ? { kind: 's3', ...ctx.bucket.settings } : { kind: 'file', dir: await mkdtemp(join(tmpdir(), 'nft-images-')) };
    ctx.config = testConfig(store, options.config);
    ctx.storage = imageStorageOf(store);
    ctx.jobs = testJobs();
    registerNftJobs(ctx.jobs, ctx.sql, { storage: ctx.storage, orphanAfterSeconds: ctx.config.imageOrphanAfterSeconds });
    await ctx.jobs.start();
    ctx.app = appWith(ctx, ctx.jobs).app;
  });
  afterAll(async () => {
    await ctx.jobs?.stop({ timeoutMs: 2_000 });
    await ctx.sql?.end();
    await ctx.bucket?.close();
    if (ctx.config?.imageStore.kind === 'file') await rm(ctx.config.imageStore.dir, { recursive: true, force: true });
  });
  return ctx;
};

/** Uploads bytes in process as the user; answers the status and the JSON body. */
export const upload = async (ctx: Pick<NftTestContext, 'app'>, who: TestUser, bytes: Buffer<ArrayBuffer>, contentType = 'image/png') => {
  const res = await ctx.app.app.request(`${ctx.app.base}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': contentType },
    body: bytes,
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

/** An image of the user's own, uploaded: its key. */
export const uploadedImage = async (ctx: Pick<NftTestContext, 'app'>, who: TestUser, type: ImageFixtureType = 'image/png'): Promise<string> => {
  const res = await upload(ctx, who, uniqueImage(type), type);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { image: { key: string } }).image.key;
};

/** A valid wizard body for the image `imageKey`. */
export const mintBody = (imageKey: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Nova Star',
  description: 'A star that was born in a test.',
  category: 'Art',
  tags: ['space', 'star'],
  image_key: imageKey,
  is_limited_edition: false,
  edition_size: null,
  creator_royalty: 5,
  ...overrides,
});

export { eventually } from '@starforge/test-db/eventually';

export { callAsIn as callAs, signIn, type TestUser } from '@starforge/test-db/harness';
