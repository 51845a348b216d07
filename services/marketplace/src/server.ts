import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService, type Jobs } from '@starforge/service-kit';
import { cardProcessorOf, paymentMigrations } from '@starforge/payments/server';
import { trigramIndexMigrations } from '@starforge/service-kit/trigram-index/migrations';
import { createApp } from './app';
import { readMarketplaceConfig } from './config/env';
import { registerMarketplaceJobs } from './domain/card-settlement';
import { searchPageCache, type SearchPageCache } from './domain/search';

const config = readMarketplaceConfig();
const processor = cardProcessorOf(config.cardProcessor);
let searchCache: SearchPageCache | undefined;

await runService({
  domain: 'marketplace',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  kitMigrations: [idempotencyKeyMigrations, paymentMigrations, trigramIndexMigrations],
  registerJobs: (jobs: Jobs, sql) => registerMarketplaceJobs({ processor, jobs }, sql),
  createApp: (sql, { jobs }) => {
    searchCache = searchPageCache(sql);
    return createApp(sql, { solanaTreasury: config.solanaTreasury, searchCache, cards: { processor, jobs } });
  },
  startBackground: async () => {
    searchCache?.start();
    return async () => searchCache?.stop();
  },
});
