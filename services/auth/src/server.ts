import { fileURLToPath } from 'node:url';
import { runService } from '@starforge/service-kit';
import { createApp } from './app';
import { readAuthConfig } from './config/env';
import { startHousekeeping } from './domain/housekeeping';
import { loadSigningKeys, staticKeyStore } from './domain/signing-keys';

const config = readAuthConfig();

await runService({
  domain: 'auth',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  // Keys are loaded (or made) before listening, so a bad key fails the start, not a sign-in.
  createApp: async (sql) => createApp(sql, { config, keys: staticKeyStore(await loadSigningKeys(sql, config.signingKey)) }),
  startBackground: async (sql) => startHousekeeping(sql),
});
