import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import postgres from 'postgres';
import { createSql, type Sql } from './db';

/**
 * Proves the pnpm patch of postgres.js (`patches/postgres@3.4.9.patch`, upstream
 * porsager/postgres#1218 for issues #823 and #1189). In 3.4.9 `execute()` ran the hook that
 * reserves a connection for `sql.begin()` as the last term of the `&&` chain that decides whether
 * the connection takes more pipelined queries, so a BEGIN that filled the pipeline, or whose
 * write met a backed-up socket, was sent but never reserved its connection: `begin()` failed
 * (UNSAFE_TRANSACTION with a pool of 2 or more, a TypeError with a pool of 1), the transaction
 * stayed open on the server and the connection went back to the pool, where unrelated queries
 * ran inside it.
 *
 * Remove this file together with the patch once a postgres.js release contains the fix.
 */

// postgres.js's default `max_pipeline`, which `createSql` keeps: a connection takes one running
// query and this many more queued behind it.
const maxPipeline = 100;
// Far more than one socket write hands to the kernel at once on loopback (Linux's send buffer
// tops out at 4 MiB by default), so the write of a BEGIN this large reports backpressure.
const beyondTheSocketBuffer = 16 * 1024 * 1024;

type Pool = { sql: Sql; applicationName: string; backpressured: number[] };

const transactionBody = async (tx: postgres.TransactionSql) => (await tx`select 'inside' as value`)[0]?.value;

const warm = (sql: Sql, connections: number) => Promise.all(Array.from({ length: connections }, () => sql`select pg_sleep(0.05)`));

describe('postgres.js: sql.begin reserves its connection (pnpm patch of postgres@3.4.9)', () => {
  let url: string;
  let observer: Sql;
  const schema = `driver_patch_${Date.now()}`;
  beforeAll(async () => {
    url = inject('databaseUrl');
    observer = postgres(url, { max: 1, onnotice: () => {} });
    await observer`create schema ${observer(schema)}`;
    await observer`create table ${observer(schema)}.marks (pool text not null)`;
  });
  afterAll(async () => {
    await observer`drop schema ${observer(schema)} cascade`;
    await observer.end();
  });

  // The kit's own pool; createSql names its connections after the schema it is given (db.ts).
  const kitPool = (name: string, connections: number): Pool => ({
    sql: createSql(url, { max: connections, schema: name }),
    applicationName: `starforge-${name}`,
    backpressured: [],
  });

  // A pool on real sockets that note the size of every write the socket reported as backpressure.
  const watchedPool = (name: string, connections: number): Pool => {
    const backpressured: number[] = [];
    const socket = ({ host, port }: { host: string[]; port: number[] }) =>
      new Promise((resolve, reject) => {
        const s = connect(port[0]!, host[0]);
        const write = s.write.bind(s) as (chunk: Uint8Array, callback?: () => void) => boolean;
        s.write = ((chunk: Uint8Array, callback?: () => void) => {
          const flowing = write(chunk, callback);
          if (!flowing) backpressured.push(chunk.length);
          return flowing;
        }) as typeof s.write;
        s.once('connect', () => resolve(s)).once('error', reject);
      });
    const options = { max: connections, onnotice: () => {}, connection: { application_name: `starforge-${name}` }, socket };
    return { sql: postgres(url, options as postgres.Options<Record<string, never>>), applicationName: `starforge-${name}`, backpressured };
  };

  const scenarios = {
    // Every connection is open and idle, then one-statement queries are queued in one tick: the
    // pool deals them out round-robin until a connection holds one running and `maxPipeline`
    // waiting, its limit. One short of filling every connection, so the BEGIN queued right after
    // them is the query that fills the last one.
    'BEGIN fills the pipeline': {
      pool: kitPool,
      run: async ({ sql }: Pool, connections: number) => {
        await warm(sql, connections);
        const fill = Array.from({ length: connections * (maxPipeline + 1) - 1 }, () => sql`select 1`.execute());
        return Promise.allSettled([...fill, sql.begin(transactionBody)]);
      },
      precondition: (_pool: Pool) => true,
    },
    // `begin(options)` keeps the spaces of its options: padded, the BEGIN message itself is larger
    // than the socket takes in one write, so its write reports backpressure.
    'BEGIN meets backpressure': {
      pool: watchedPool,
      run: async ({ sql }: Pool, connections: number) => {
        await warm(sql, connections);
        return Promise.allSettled([sql.begin(' '.repeat(beyondTheSocketBuffer), transactionBody)]);
      },
      precondition: ({ backpressured }: Pool) => backpressured.some((size) => size > beyondTheSocketBuffer),
    },
  };

  const openTransactions = async (applicationName: string) => {
    const [row] = await observer`
      select count(*)::int as n
      from pg_stat_activity
      where datname = current_database() and application_name = ${applicationName} and state like 'idle in transaction%'
    `;
    return row?.n;
  };

  for (const [when, scenario] of Object.entries(scenarios)) {
    for (const connections of [1, 2]) {
      it(`when ${when}, with a pool of ${connections}: the transaction runs and no query outside it runs inside it`, async () => {
        const name = `${schema}_${scenario.pool.name}_${connections}`;
        const pool = scenario.pool(name, connections);
        const { sql } = pool;
        try {
          const settled = await scenario.run(pool, connections);
          const leftOpen = await openTransactions(pool.applicationName);
          // Statements outside any transaction commit on their own: another connection sees them.
          await Promise.all(Array.from({ length: connections }, () => sql`insert into ${sql(schema)}.marks (pool) values (${name})`));
          const [seen] = await observer`select count(*)::int as n from ${observer(schema)}.marks where pool = ${name}`;
          expect(scenario.precondition(pool), 'the scenario reached the condition it is about').toBe(true);
          expect({
            failed: settled.filter((s) => s.status === 'rejected').map((s) => String(s.reason)),
            transaction: settled.at(-1),
            leftOpen,
            committedOutside: seen?.n,
          }).toEqual({ failed: [], transaction: { status: 'fulfilled', value: 'inside' }, leftOpen: 0, committedOutside: connections });
        } finally {
          await sql.end({ timeout: 1 });
        }
      });
    }
  }
});
