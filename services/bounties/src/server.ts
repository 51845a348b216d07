import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService } from '@starforge/service-kit';
import { cardProcessorOf } from '@starforge/service-kit/payments/card-processor';
import { createApp } from './app';
import { readBountiesConfig } from './config/env';
import { openBountiesPageCache, type OpenBountiesPageCache } from './domain/open-bounty-pages';

const config = readBountiesConfig();
let openPages: OpenBountiesPageCache | undefined;

await runService({
  domain: 'bounties',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  kitMigrations: [idempotencyKeyMigrations],
  createApp: (sql) => {
    openPages = openBountiesPageCache(sql);
    return createApp(sql, { solanaTreasury: config.solanaTreasury, openPages, cardProcessor: cardProcessorOf(config.cardProcessor) });
  },
  startBackground: async () => {
    openPages?.start();
    return async () => openPages?.stop();
  },
});
