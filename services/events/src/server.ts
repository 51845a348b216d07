import { fileURLToPath } from 'node:url';
import { runService } from '@starforge/service-kit';
import { createApp } from './app';

await runService({ domain: 'events', migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)), createApp });
