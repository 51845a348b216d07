import { fileURLToPath } from 'node:url';
import type { Sql } from '../db';
import { migrate, type KitMigrations } from '../migrate';

/**
 * The kit's migration set that creates `<schema>.idempotency_keys`. A service opts in with
 * `runService({ kitMigrations: [idempotencyKeyMigrations] })`; its tests with
 * `testSql([{ schema, ...idempotencyKeyMigrations }, { schema, dir }], schema)`.
 */
export const idempotencyKeyMigrations: KitMigrations = {
  kitSet: 'idempotency',
  dir: fileURLToPath(new URL('./migrations', import.meta.url)),
};

/** Applies the idempotency-key migrations into one schema; returns the versions applied. */
export const migrateIdempotencyKeys = (sql: Sql, schema: string): Promise<number[]> =>
  migrate(sql, schema, idempotencyKeyMigrations.dir, { kitSet: idempotencyKeyMigrations.kitSet });
