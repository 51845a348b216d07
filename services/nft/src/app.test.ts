import { fileURLToPath } from 'node:url';
import { describeServiceBasics } from '@starforge/test-db/service-basics';
import { createApp } from './app';
import { testConfig, testJobs } from './testing/harness';

// Nothing here uploads, mints or starts the jobs: the folder is never created.
describeServiceBasics(
  'nft',
  fileURLToPath(new URL('../migrations', import.meta.url)),
  (sql, keys) => createApp(sql, { jobs: testJobs(), config: testConfig({ kind: 'file', dir: '/nonexistent/nft-images' }), keys }),
  {
    idempotencyKeys: true,
  },
);
