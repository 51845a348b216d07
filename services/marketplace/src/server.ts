import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService } from '@starforge/service-kit';
import { createApp } from './app';
import { readMarketplaceConfig } from './config/env';
import { searchPageCache, type SearchPageCache } from './domain/search';

const config = readMarketplaceConfig();
let searchCache: SearchPageCache | undefined;

await runService({
  domain: 'marketplace',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  kitMigrations: [idempotencyKeyMigrations],
  createApp: (sql) => {
    searchCache = searchPageCache(sql);
    return createApp(sql, { solanaTreasury: config.solanaTreasury, searchCache });
  },
  startBackground: async () => {
    searchCache?.start();
    return async () => searchCache?.stop();
  },
});
