import { nftSqlStates } from '@starforge/nft-published/sql-states';
import { rewardsSqlStates } from '@starforge/rewards-published/sql-states';
import { createServiceApp, idempotent, requireUser, type AccessTokenKeys, type Jobs, type Sql } from '@starforge/service-kit';
import { readNftConfig, type NftConfig } from './config/env';
import type { NftDeps } from './deps';
import { imageRoutes } from './routes/images';
import { mintRoutes } from './routes/mints';
import { nftRoutes } from './routes/nfts';
import { imageStorageOf } from './storage/from-config';
import type { ImageStorage } from './storage/image-storage';

export interface NftAppOptions {
  /** The service's durable jobs (runService's, or a test's); its workers are registered by registerNftJobs. */
  jobs: Jobs;
  /** Default: read from the environment. */
  config?: NftConfig;
  /** Default: the one `config.imageStore` names. */
  storage?: ImageStorage;
  /** Keys that sign access tokens. Default: the auth service's JWKS at AUTH_JWKS_URL. */
  keys?: AccessTokenKeys;
}

/** The nft service: images, mints and the NFTs themselves (their owner is this domain's alone). */
export const createApp = (sql: Sql, options: NftAppOptions) => {
  const config = options.config ?? readNftConfig();
  const deps: NftDeps = {
    sql,
    jobs: options.jobs,
    config,
    storage: options.storage ?? imageStorageOf(config.imageStore),
    requireUser: requireUser({ sql, ...(options.keys ? { keys: options.keys } : {}) }),
    idempotent: idempotent({ sql }),
  };
  // The mint job calls rewards.record_nft_mint; nft's own states answer its published functions.
  const app = createServiceApp('nft', sql, { sqlStates: { ...rewardsSqlStates, ...nftSqlStates } });
  app.route('/', imageRoutes(deps));
  app.route('/', mintRoutes(deps));
  app.route('/', nftRoutes(deps));
  return app;
};
