import { fileURLToPath } from 'node:url';
import { onLauncherExit, runService } from '@starforge/service-kit';
import { createApp } from './app';
import { EventHub } from './domain/event-hub';

let hub: EventHub | undefined;

// Streams end first (each says `interrupted`, and its response closes its connection), so the
// server's close does not wait for them; clients reconnect with Last-Event-ID to another
// replica, or to this one once it is back.
const endStreams = () => void hub?.stop();
process.once('SIGTERM', endStreams);
process.once('SIGINT', endStreams);
onLauncherExit(endStreams);

await runService({
  domain: 'events',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  createApp: (sql) => {
    hub = new EventHub(sql);
    return createApp(sql, { hub });
  },
  startBackground: async () => {
    await hub?.start();
    return async () => hub?.stop();
  },
});
