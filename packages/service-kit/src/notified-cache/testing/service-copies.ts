import { afterAll, expect, inject, vi } from 'vitest';
import { createSql, type Sql, type Tx } from '../../db';

/** What a copy needs of its cache: started and stopped with it, enabled once LISTEN is in place. */
interface StartedCache {
  start(): void;
  stop(): Promise<void>;
  readonly enabled: boolean;
}

/** A copy of a service as it runs in production: its own pool, cache and LISTEN connection, on the one database. */
export interface ServiceCopy<C, A> {
  sql: Sql;
  cache: C;
  /** The transaction ids this copy's cache was notified of. */
  heard: Set<string>;
  /** What the test calls this copy through (its app, or a test context holding it). */
  app: A;
}

/** The writing transaction's id, as the kit's triggers send it. */
export const transactionIdOf = async (tx: Tx): Promise<string> => {
  const [row] = await tx<{ xid: string }[]>`select pg_current_xact_id()::text as xid`;
  if (!row) throw new Error('no transaction id');
  return row.xid;
};

/**
 * Copies of one service for a test file of a NotifiedCache (a page cache that several copies keep
 * and a trigger empties): `copyOf(options)` starts one in `schema` (stopped after the file), and
 * `committed(sql, change, of)` commits `change` through `sql` (another connection than any copy's)
 * and waits until each copy of `of` has heard that transaction's NOTIFY: from then on no copy may
 * answer a page read before it.
 */
export const serviceCopies = <C extends StartedCache, A, O>(service: {
  schema: string;
  /** The copy's cache, with `options` (a test's capacity, age) and `onNotify`, which records what it heard. */
  cacheOf: (sql: Sql, options: O, onNotify: (transactionId: string) => void) => C;
  appOf: (sql: Sql, cache: C) => A;
}) => {
  const started: ServiceCopy<C, A>[] = [];
  afterAll(async () => {
    for (const copy of started.splice(0)) {
      await copy.cache.stop();
      await copy.sql.end();
    }
  });
  const copyOf = async (options: O): Promise<ServiceCopy<C, A>> => {
    const sql = createSql(inject('databaseUrl'), { max: 5, schema: service.schema });
    const heard = new Set<string>();
    const cache = service.cacheOf(sql, options, (transactionId) => heard.add(transactionId));
    cache.start();
    await vi.waitFor(() => expect(cache.enabled).toBe(true));
    const copy = { sql, cache, heard, app: service.appOf(sql, cache) };
    started.push(copy);
    return copy;
  };
  const committed = async (sql: Sql, change: (tx: Tx) => Promise<unknown>, of: ServiceCopy<C, A>[]) => {
    const xid = await sql.begin(async (tx) => {
      await change(tx);
      return transactionIdOf(tx);
    });
    await vi.waitFor(() => expect(of.map((copy) => copy.heard.has(xid))).toEqual(of.map(() => true)), { timeout: 5_000 });
  };
  return { copyOf, committed };
};
