import type postgres from 'postgres';

/** The pool or a transaction: what a query that may run inside a caller's transaction takes. */
export type Db = postgres.ISql;
export type Tx = postgres.TransactionSql;
