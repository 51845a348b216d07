import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService } from '@starforge/service-kit';
import { createApp } from './app';
import { readRewardsConfig } from './config/env';
import { startEngineRunOutbox } from './domain/engine-run-outbox';
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
  // Other domains' engine runs get their jobs here too, so they start whether or not a worker is up.
  startBackground: async (sql, { jobs }) => (await startEngineRunOutbox(sql, jobs)).stop,
});
