import { fileURLToPath } from 'node:url';
import { idempotencyKeyMigrations, runService, type Jobs } from '@starforge/service-kit';
import { cardProcessorOf, paymentMigrations } from '@starforge/payments/server';
import { trigramIndexMigrations } from '@starforge/service-kit/trigram-index/migrations';
import { createApp } from './app';
import { readBountiesConfig } from './config/env';
import { rearmClaimLapses, registerBountiesJobs } from './domain/claim-life';
import { openBountiesPageCache, type OpenBountiesPageCache } from './domain/open-bounty-pages';
import { startProofJudge } from './domain/proof-judge';

const config = readBountiesConfig();
let openPages: OpenBountiesPageCache | undefined;
let serviceJobs: Jobs | undefined;

await runService({
  domain: 'bounties',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  kitMigrations: [idempotencyKeyMigrations, paymentMigrations, trigramIndexMigrations],
  registerJobs: (jobs, sql) => registerBountiesJobs(jobs, sql),
  createApp: (sql, { jobs }) => {
    openPages = openBountiesPageCache(sql);
    serviceJobs = jobs;
    return createApp(sql, { jobs, solanaTreasury: config.solanaTreasury, openPages, cardProcessor: cardProcessorOf(config.cardProcessor) });
  },
  startBackground: async (sql) => {
    openPages?.start();
    // Claims whose deadline has no job yet (running when migration 00004 gave them one) get it now.
    if (serviceJobs) await rearmClaimLapses(sql, serviceJobs);
    // Proof runs, re-checks and version checks the engine finished get their verdict (issue 28).
    const stopJudge = startProofJudge(sql);
    return async () => {
      await stopJudge();
      await openPages?.stop();
    };
  },
});
