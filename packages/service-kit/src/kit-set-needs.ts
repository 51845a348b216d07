import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { KitMigrations } from './migrate';

/**
 * A service's migration file (numbered, or published SQL) that builds on a kit-owned set's tables
 * or functions says so, the way a module imports what it uses:
 *
 *   -- needs paymentMigrations from '@starforge/payments/server/migrations' up to 00001
 *
 * The migrator applies that set into the schema, up to that version, just before the file (once:
 * `kit_migrations` records it as the set's own run would; the migrations folder's module
 * resolution serves a published file too). So a fresh schema gets the set's tables
 * where its history first uses them, whoever migrates it (the service at start, the launcher, a
 * test), and a schema that already ran the file is not touched. The module is resolved from the
 * migrations folder, through the package the service depends on.
 */
const needLine = /^-- needs ([A-Za-z_$][\w$]*) from '([^']+)' up to (\d{5})\s*$/gm;

export interface KitSetNeed {
  exportName: string;
  from: string;
  upTo: number;
}

/** The kit sets a migration file's text says it needs, in the order it names them. */
export const kitSetNeeds = (text: string): KitSetNeed[] =>
  [...text.matchAll(needLine)].map(([, exportName = '', from = '', upTo = '']) => ({ exportName, from, upTo: Number(upTo) }));

const isKitMigrations = (value: unknown): value is KitMigrations =>
  typeof value === 'object' && value !== null && typeof (value as KitMigrations).kitSet === 'string' && typeof (value as KitMigrations).dir === 'string';

/** Imports the set a need names, resolving its module from `migrationsDir` as a file there would. */
export const resolveKitSetNeed = async (need: KitSetNeed, migrationsDir: string): Promise<KitMigrations> => {
  const path = createRequire(join(migrationsDir, 'migration.sql')).resolve(need.from);
  const module: Record<string, unknown> = await import(pathToFileURL(path).href);
  const set = module[need.exportName];
  if (!isKitMigrations(set)) throw new Error(`${need.from} exports no kit migration set named ${need.exportName} (a { kitSet, dir })`);
  return set;
};
