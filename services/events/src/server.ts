import { fileURLToPath } from 'node:url';
import { runService } from '@starforge/service-kit';
import { createApp } from './app';
import { EventHub } from './domain/event-hub';

let hub: EventHub | undefined;

await runService({
  domain: 'events',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  createApp: (sql) => createApp(sql, { hub: (hub = new EventHub(sql)) }),
  startBackground: async () => {
    await hub?.start();
    return async () => hub?.stop();
  },
});
