import { fileURLToPath } from 'node:url';
import { describeServiceBasics } from '@starforge/test-db/service-basics';
import { createApp } from './app';
import { testConfig, testJobs } from './testing/harness';

// Jobs are never started here: the basics enqueue nothing.
const jobs = testJobs();

describeServiceBasics('rewards', fileURLToPath(new URL('../migrations', import.meta.url)), (sql, keys) => createApp(sql, { jobs, config: testConfig, keys }), {
  idempotencyKeys: true,
});
