import { fileURLToPath } from 'node:url';
import { describeServiceBasics } from '@starforge/test-db/service-basics';
import { createApp } from './app';
import { testJobs, testTreasury } from './testing/harness';

// Jobs are never started here: the basics enqueue nothing (a write with no body is refused first).
const jobs = testJobs();

describeServiceBasics(
  'bounties',
  fileURLToPath(new URL('../migrations', import.meta.url)),
  (sql, keys) => createApp(sql, { jobs, solanaTreasury: testTreasury, keys }),
  {
    idempotencyKeys: true,
  },
);
