import { fileURLToPath } from 'node:url';
import { testAppOf } from '@starforge/test-db/harness';
import { describeServiceBasics } from '@starforge/test-db/service-basics';
import { createApp } from './app';
import { signUp, testConfig } from './testing/harness';

// Auth signs its own tokens: the walk of its writes signs up through the app.
describeServiceBasics('auth', fileURLToPath(new URL('../migrations', import.meta.url)), (sql) => createApp(sql, { config: testConfig() }), {
  signIn: async (app) => (await signUp(testAppOf(app, 'auth'))).session.access_token,
});
