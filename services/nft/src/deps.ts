import type { MiddlewareHandler } from 'hono';
import type { AuthEnv, Jobs, Sql } from '@starforge/service-kit';
import type { NftConfig } from './config/env';
import type { ImageStorage } from './storage/image-storage';

/** What every route of the nft service is built from. */
export interface NftDeps {
  sql: Sql;
  jobs: Jobs;
  config: NftConfig;
  /** Where image bytes live: a folder or an S3-compatible bucket (`config.imageStore`). */
  storage: ImageStorage;
  /** The shared access-token middleware. */
  requireUser: MiddlewareHandler<AuthEnv>;
  /** The kit's Idempotency-Key middleware, for the mint. */
  idempotent: MiddlewareHandler<AuthEnv>;
}
