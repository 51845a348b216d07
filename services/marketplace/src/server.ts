import { fileURLToPath } from 'node:url';
import { runService } from '@starforge/service-kit';
import { createApp } from './app';

await runService({ domain: 'marketplace', migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)), createApp });
