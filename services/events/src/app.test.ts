import { fileURLToPath } from 'node:url';
import { describeServiceBasics } from '@starforge/test-db/service-basics';
import { createApp } from './app';

describeServiceBasics('events', fileURLToPath(new URL('../migrations', import.meta.url)), (sql, keys) => createApp(sql, { keys }));
