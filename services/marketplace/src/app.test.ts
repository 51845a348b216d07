import { fileURLToPath } from 'node:url';
import { describeServiceBasics } from '@starforge/test-db/service-basics';
import { simulatedCardProcessor } from '@starforge/payments/server';
import { testJobs } from '@starforge/test-db/jobs';
import { createApp } from './app';
import { testTreasury } from './testing/harness';

// No card payment is made here: the jobs are never started.
const cards = { processor: simulatedCardProcessor(), jobs: testJobs('marketplace') };

describeServiceBasics(
  'marketplace',
  fileURLToPath(new URL('../migrations', import.meta.url)),
  (sql, keys) => createApp(sql, { solanaTreasury: testTreasury, cards, keys }),
  {
    idempotencyKeys: true,
  },
);
