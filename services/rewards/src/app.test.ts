import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createJobs } from '@starforge/service-kit';
import { describeServiceBasics } from '@starforge/test-db/service-basics';
import { createApp } from './app';
import { testConfig } from './testing/harness';

// Jobs are never started here: the basics enqueue nothing.
const jobs = createJobs({ databaseUrl: inject('databaseUrl'), service: 'rewards' });

describeServiceBasics('rewards', fileURLToPath(new URL('../migrations', import.meta.url)), (sql) => createApp(sql, { jobs, config: testConfig }));
