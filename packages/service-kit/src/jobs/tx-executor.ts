import type PgBoss from 'pg-boss';
import type { Sql } from '../db';

/** A pool or a transaction of postgres.js: anything that can run a statement. */
export type SqlRunner = Pick<Sql, 'unsafe'>;

/**
 * Lets pg-boss (which speaks the `pg` driver's `executeSql`) run a statement on a postgres.js
 * connection, so a job is inserted inside the caller's transaction: it commits or rolls back
 * with the row it belongs to. postgres.js refuses `undefined` parameters, so they become null
 * as with `pg`. Objects pass as they are: postgres.js asks the server for each parameter's type
 * and serializes the job's data for its `jsonb` parameter itself (stringifying it here first
 * would store a JSON string, not an object).
 */
export const txExecutor = (tx: SqlRunner): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const params = (values ?? []).map((v: unknown) => (v === undefined ? null : v));
    // The statement is pg-boss's own SQL; values travel as bind parameters.
    const rows = await tx.unsafe(text, params as never[]);
    return { rows: [...rows] };
  },
});
