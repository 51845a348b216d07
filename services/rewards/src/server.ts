import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService } from '@starforge/service-kit';
import { createApp } from './app';
import { readRewardsConfig } from './config/env';
import { registerRewardsJobs } from './jobs';

const config = readRewardsConfig();

// Contract runs are enqueued here and run by engine worker processes (engine-worker.ts), which
// the launcher starts beside the service and which may run on other machines.
await runService({
  domain: 'rewards',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  kitMigrations: [idempotencyKeyMigrations],
  registerJobs: (jobs, sql) => registerRewardsJobs(jobs, sql, { runTimeoutMs: config.engine.runTimeoutMs }),
  createApp: (sql, { jobs }) => createApp(sql, { jobs, config }),
});
