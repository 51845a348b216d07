import { fileURLToPath } from 'node:url';
import type { KitMigrations } from '../migrate';

/**
 * `create_trigram_index(index, table, column, where)`: the trigram index of a search's text, when
 * the server has pg_trgm. A service's migration names it where its history first makes one
 * (`-- needs trigramIndexMigrations from '@starforge/service-kit/trigram-index/migrations' up to
 * 00001`, kit-set-needs.ts); the service lists it in `runService({ kitMigrations })` too, so a
 * schema that made its index before the set has the function all the same.
 */
export const trigramIndexMigrations: KitMigrations = {
  kitSet: 'trigram_index',
  dir: fileURLToPath(new URL('./migrations', import.meta.url)),
};
