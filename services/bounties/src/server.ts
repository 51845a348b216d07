import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService } from '@starforge/service-kit';
import { createApp } from './app';
import { readBountiesConfig } from './config/env';

const config = readBountiesConfig();

await runService({
  domain: 'bounties',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  kitMigrations: [idempotencyKeyMigrations],
  createApp: (sql) => createApp(sql, { solanaTreasury: config.solanaTreasury }),
});
