import { expect, vi } from 'vitest';
import type { Sql } from '@starforge/service-kit/db';

/**
 * Every line the process writes from now on, to the console or to stdout and stderr, for a test
 * that a card's number and cvv reach no log line. `stop()` gives stdout and stderr back; the
 * console's spies end with the test file's `vi.restoreAllMocks()`.
 */
export const captureOutput = () => {
  const logged: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    });
  }
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    logged.push(String(chunk));
    return true;
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    logged.push(String(chunk));
    return true;
  });
  const stop = () => {
    stdout.mockRestore();
    stderr.mockRestore();
  };
  return { logged, stop };
};

/**
 * Expects no row of any table of `schemas` to hold the card's digits, or its cvv as a JSON
 * string (each row read as text). Answers the tables it read.
 */
export const expectNoTableHoldsCard = async (sql: Sql, schemas: string[], { digits, cvv }: { digits: string; cvv: string }) => {
  const tables = await sql<{ tableSchema: string; tableName: string }[]>`
    select table_schema, table_name from information_schema.tables
    where table_schema in ${sql(schemas)} and table_type = 'BASE TABLE'`;
  for (const t of tables) {
    const rows = await sql`select t::text as row from ${sql(t.tableSchema)}.${sql(t.tableName)} t`;
    const text = rows.map((r) => String(r.row)).join('\n');
    expect(text, `${t.tableSchema}.${t.tableName}`).not.toContain(digits);
    expect(text, `${t.tableSchema}.${t.tableName}`).not.toContain(`"${cvv}"`);
  }
  return tables;
};
