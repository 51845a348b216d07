import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService } from '@starforge/service-kit';
import { createApp } from './app';
import { readRewardsConfig } from './config/env';
import { lazyContractEngine } from './domain/contract-runs';
import { registerRewardsJobs } from './jobs';

const config = readRewardsConfig();
const engine = lazyContractEngine({
  size: config.engine.workers,
  runTimeoutMs: config.engine.runTimeoutMs,
  memoryMb: config.engine.memoryMb,
  log: (line) => console.error(`[rewards] ${line}`),
});

await runService({
  domain: 'rewards',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  kitMigrations: [idempotencyKeyMigrations],
  registerJobs: (jobs, sql) => registerRewardsJobs(jobs, sql, { engine, runTimeoutMs: config.engine.runTimeoutMs, workers: config.engine.workers }),
  createApp: (sql, { jobs }) => createApp(sql, { jobs, config }),
  // The engine's workers stop with the service (a run they hold is retried by another copy).
  startBackground: async () => () => engine.close(),
});
