import { join } from 'node:path';
import { migrationOrder, type ServiceName } from '@starforge/contracts/shared';
import type { Sql } from './db';
import { migrate } from './migrate';

/** Where a service's migrations live in the workspace: `services/<name>/migrations`. */
export const serviceMigrationsDir = (workspaceRoot: string, service: ServiceName): string => join(workspaceRoot, 'services', service, 'migrations');

/**
 * Migrates every service's schema in `migrationOrder` (or the order given), so a schema that
 * publishes functions or views exists before the migrations that use them run. Answers what
 * each schema applied.
 */
export const migrateAll = async <S extends string = ServiceName>(
  sql: Sql,
  dirOf: (schema: S) => string,
  order: readonly S[] = migrationOrder as readonly string[] as readonly S[],
): Promise<Record<string, number[]>> => {
  const applied: Record<string, number[]> = {};
  for (const schema of order) applied[schema] = await migrate(sql, schema, dirOf(schema));
  return applied;
};
