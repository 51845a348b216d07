import { fileURLToPath } from 'node:url';
import { describeServiceBasics } from '@starforge/test-db/service-basics';
import { createApp } from './app';
import { testJobs, testTreasury } from './testing/harness';

// Jobs are never started here: the basics enqueue nothing.
const jobs = testJobs();

describeServiceBasics('bounties', fileURLToPath(new URL('../migrations', import.meta.url)), (sql) => createApp(sql, { jobs, solanaTreasury: testTreasury }));
