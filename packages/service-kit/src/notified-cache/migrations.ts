import { fileURLToPath } from 'node:url';
import type { KitMigrations } from '../migrate';

/**
 * The SQL half of a NotifiedCache: `notify_when_rows_change(table, channel, status column, kept
 * status, columns)`, which puts the triggers that send the cache's channel on a table. A service's
 * migration names it where its history first needs it (`-- needs notifiedCacheMigrations from
 * '@starforge/service-kit/notified-cache/migrations' up to 00001`, kit-set-needs.ts).
 */
export const notifiedCacheMigrations: KitMigrations = {
  kitSet: 'notified_cache',
  dir: fileURLToPath(new URL('./migrations', import.meta.url)),
};
