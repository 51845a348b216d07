import { inject } from 'vitest';
import { createSql, migrate, type Sql } from '@starforge/service-kit';

/**
 * A pool on the test run's database with the given services' migrations applied (an entry with
 * `kitSet` is a kit-owned set, e.g. `{ schema, ...idempotencyKeyMigrations }`). Each test
 * file gets its own pool; close it in `afterAll(() => sql.end())`.
 */
export const testSql = async (migrations: { schema: string; dir: string; kitSet?: string }[], schema?: string): Promise<Sql> => {
  const sql = createSql(inject('databaseUrl'), { max: 10, ...(schema ? { schema } : {}) });
  for (const m of migrations) await migrate(sql, m.schema, m.dir, m.kitSet ? { kitSet: m.kitSet } : {});
  return sql;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of this test run's fresh database (see global-setup.ts). */
    databaseUrl: string;
  }
}
