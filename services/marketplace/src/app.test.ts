import { fileURLToPath } from 'node:url';
import { describeServiceBasics } from '@starforge/test-db/service-basics';
import { createApp } from './app';
import { testTreasury } from './testing/harness';

describeServiceBasics(
  'marketplace',
  fileURLToPath(new URL('../migrations', import.meta.url)),
  (sql, keys) => createApp(sql, { solanaTreasury: testTreasury, keys }),
  {
    idempotencyKeys: true,
  },
);
