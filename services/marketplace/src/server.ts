import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService } from '@starforge/service-kit';
import { createApp } from './app';
import { readMarketplaceConfig } from './config/env';

const config = readMarketplaceConfig();

await runService({
  domain: 'marketplace',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  kitMigrations: [idempotencyKeyMigrations],
  createApp: (sql) => createApp(sql, { solanaTreasury: config.solanaTreasury }),
});
