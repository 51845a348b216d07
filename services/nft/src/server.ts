import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService } from '@starforge/service-kit';
import { createApp } from './app';
import { readNftConfig } from './config/env';
import { registerNftJobs } from './jobs';
import { imageStorageOf } from './storage/from-config';

const config = readNftConfig();
const storage = imageStorageOf(config.imageStore);

await runService({
  domain: 'nft',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  kitMigrations: [idempotencyKeyMigrations],
  registerJobs: (jobs, sql) => registerNftJobs(jobs, sql, { storage, orphanAfterSeconds: config.imageOrphanAfterSeconds }),
  createApp: (sql, { jobs }) => createApp(sql, { jobs, config, storage }),
});
