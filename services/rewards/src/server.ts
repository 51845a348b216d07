import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService } from '@starforge/service-kit';
import { createApp } from './app';
import { readRewardsConfig } from './config/env';
import { registerRewardsJobs } from './jobs';

const config = readRewardsConfig();

await runService({
  domain: 'rewards',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  kitMigrations: [idempotencyKeyMigrations],
  registerJobs: registerRewardsJobs,
  createApp: (sql, { jobs }) => createApp(sql, { jobs, config }),
});
