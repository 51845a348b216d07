import postgres from 'postgres';

export type Sql = postgres.Sql;

/**
 * What a domain function takes: the pool or a caller's transaction. A function that writes
 * several rows wraps them in `transaction(db, …)`, so it commits alone when given the pool and
 * commits with its caller when given a transaction.
 */
export type Db = postgres.ISql;
/** A transaction (or savepoint) opened by `sql.begin` or `transaction`. */
export type Tx = postgres.TransactionSql;

const isPool = (db: Db): db is Sql => typeof (db as Partial<Sql>).begin === 'function';

/**
 * Runs `work` all-or-nothing: a new transaction on a pool, a savepoint inside a caller's
 * transaction (so a failure rolls back this work only, and the caller decides about the rest).
 */
export const transaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => (isPool(db) ? db.begin(work) : (db as Tx).savepoint(work)) as Promise<T>;

/**
 * One connection pool per service. Columns come back camelCased and parameters go out
 * snake_cased, so SQL stays idiomatic and TypeScript stays idiomatic.
 */
export const createSql = (url: string, options: { max?: number; schema?: string } = {}): Sql =>
  postgres(url, {
    max: options.max ?? 20,
    transform: postgres.camel,
    onnotice: () => {},
    connection: {
      application_name: options.schema ? `starforge-${options.schema}` : 'starforge',
      ...(options.schema ? { search_path: options.schema } : {}),
    },
  });
