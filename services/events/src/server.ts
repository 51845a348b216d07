import { fileURLToPath } from 'node:url';
import { runService } from '@starforge/service-kit';
import { createApp } from './app';
import { EventHub } from './domain/event-hub';

let hub: EventHub | undefined;

await runService({
  domain: 'events',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  createApp: (sql) => {
    hub = new EventHub(sql);
    return createApp(sql, { hub });
  },
  // Once the copy stops accepting, its streams end (each says `interrupted`, and its response
  // closes its connection), so the server's close does not wait for them; clients reconnect with
  // Last-Event-ID to another copy, or to this one once it is back.
  beforeClose: () => void hub?.stop(),
  startBackground: async () => {
    await hub?.start();
    return async () => hub?.stop();
  },
});
