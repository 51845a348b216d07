import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { createSql, type Sql } from '@starforge/service-kit/db';
import { migrate } from '@starforge/service-kit/migrate';
import { publishedDirBeside } from '@starforge/service-kit/migrate-published';
import { paymentMigrations } from '../migrations';

const TABLES = ['payments', 'solana_payment_requests'];

/** `table.column.name`, `table.constraint.name` and `table.index.name` of the payment tables in `schema`, each with its definition (the schema's name left out). */
const shapeOf = async (sql: Sql, schema: string): Promise<Record<string, string>> => {
  const unqualified = (text: string) => text.replaceAll(`${schema}.`, '');
  const shape: Record<string, string> = {};
  const columns = await sql<{ table: string; name: string; type: string; notNull: boolean; defaultValue: string | null }[]>`
    select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
           pg_get_expr(d.adbin, d.adrelid) as default_value
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = ${schema} and c.relname in ${sql(TABLES)} and a.attnum > 0 and not a.attisdropped`;
  for (const c of columns) shape[`${c.table}.column.${c.name}`] = `${c.type}${c.notNull ? ' not null' : ''} default ${c.defaultValue}`;
  const constraints = await sql<{ table: string; name: string; definition: string }[]>`
    select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relname in ${sql(TABLES)}`;
  for (const c of constraints) shape[`${c.table}.constraint.${c.name}`] = unqualified(c.definition);
  const indexes = await sql<{ table: string; name: string; definition: string }[]>`
    select tablename as table, indexname as name, indexdef as definition from pg_indexes where schemaname = ${schema} and tablename in ${sql(TABLES)}`;
  for (const i of indexes) shape[`${i.table}.index.${i.name}`] = unqualified(i.definition);
  return shape;
};

/**
 * Expects `schema`'s payment tables to be the payment tables' set (migrations/): every column,
 * constraint and index the set makes, by name and definition, as the set alone makes them in a
 * fresh schema. What a domain adds beside them (its own columns and checks) is its own.
 */
export const expectThePaymentTables = async (sql: Sql, schema: string): Promise<void> => {
  const fresh = `payment_tables_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await migrate(sql, fresh, paymentMigrations.dir, { kitSet: paymentMigrations.kitSet });
  try {
    const set = await shapeOf(sql, fresh);
    const domain = await shapeOf(sql, schema);
    expect(Object.keys(set).length).toBeGreaterThan(40);
    expect(Object.fromEntries(Object.keys(set).map((key) => [key, domain[key]]))).toEqual(set);
  } finally {
    await sql`drop schema ${sql(fresh)} cascade`;
  }
};

/** A migration folder applied into a schema, as a domain's test harness lists them (a kit-owned set with its `kitSet`). */
export interface SchemaMigrations {
  schema: string;
  dir: string;
  kitSet?: string;
}

/** Applies one entry of a harness list. */
const apply = (sql: Sql, m: SchemaMigrations) => migrate(sql, m.schema, m.dir, m.kitSet ? { kitSet: m.kitSet } : {});

/** `expectThePaymentTables` in `schema` as the test database has it: migrated by today's history (`migrations`, the harness list). */
export const expectThePaymentTablesMadeSince = async (migrations: SchemaMigrations[], schema: string): Promise<void> => {
  const sql = createSql(inject('databaseUrl'), { max: 1, schema });
  try {
    for (const m of migrations) await apply(sql, m);
    await expectThePaymentTables(sql, schema);
  } finally {
    await sql.end();
  }
};

/** How a domain's released history had the payment tables before the set (see `paymentTablesAsReleased`). */
export interface ReleasedPaymentTables {
  /** The payments table's name then (`payments` where it kept it). */
  paymentsTable?: string;
  /** Per table, the set's check names and what PostgreSQL had named each check then. */
  checks: Record<string, Record<string, string>>;
  /** What else differed, run last (before a rename of the payments table). */
  finish?: (sql: Sql, schema: string) => Promise<unknown>;
}

/**
 * Gives `schema` the payment tables as a domain's released history left them before the set
 * existed. That history made them in the domain's own early migrations, which a fresh schema no
 * longer runs (they build on the set's tables since issue 29), so they are made here from the set's
 * tables: the set not recorded, its checks under the names PostgreSQL gave them then, and the
 * payments table under its name then. Columns keep the set's order, which these tests do not read.
 */
export const paymentTablesAsReleased = async (sql: Sql, schema: string, released: ReleasedPaymentTables): Promise<void> => {
  await migrate(sql, schema, paymentMigrations.dir, { kitSet: paymentMigrations.kitSet });
  await sql`delete from ${sql(schema)}.kit_migrations where kit_set = ${paymentMigrations.kitSet}`;
  const rename = (table: string, from: string, to: string) => sql`alter table ${sql(schema)}.${sql(table)} rename constraint ${sql(from)} to ${sql(to)}`;
  for (const [table, names] of Object.entries(released.checks)) for (const [from, to] of Object.entries(names)) await rename(table, from, to);
  await released.finish?.(sql, schema);
  const { paymentsTable = 'payments' } = released;
  if (paymentsTable === 'payments') return;
  await sql`alter table ${sql(schema)}.payments rename to ${sql(paymentsTable)}`;
  const named = await sql<{ name: string }[]>`
    select conname as name from pg_constraint where conrelid = ${`${schema}.${paymentsTable}`}::regclass and conname like 'payments\_%'`;
  for (const { name } of named) await rename(paymentsTable, name, `${paymentsTable}_${name.slice('payments_'.length)}`);
  await sql`alter index ${sql(schema)}.payments_user rename to ${sql(`${paymentsTable}_user`)}`;
};

/**
 * A database of its own for the file's tests, migrated as a domain's stood before its migration
 * file `firstNew`: `migrations` (the domain's harness list, in order) up to that file, then, where
 * the history was rewritten since, `released` turns it into what the released history had made.
 * A test fills it the old way, then `upgrade()` applies the rest, as a deployment would (the
 * domain's later files, then what the list has after them: the payment tables' set). Read `sql`
 * inside tests.
 */
export const databaseBefore = (migrations: SchemaMigrations[], firstNew: string, { released }: { released?: ReleasedPaymentTables } = {}) => {
  const at = migrations.findIndex((m) => !m.kitSet && existsSync(join(m.dir, firstNew)));
  if (at < 0) throw new Error(`no migration ${firstNew} in the list`);
  const domain = migrations[at]!;
  let state: { admin: Sql; sql: Sql; name: string; before: string } | undefined;
  beforeAll(async () => {
    const databaseUrl = inject('databaseUrl');
    const name = `before_${domain.schema}_${randomUUID().replaceAll('-', '')}`;
    const admin = createSql(databaseUrl, { max: 1 });
    await admin`create database ${admin(name)}`;
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const sql = createSql(url.toString(), { max: 4, schema: domain.schema });
    const before = await mkdtemp(join(tmpdir(), `${domain.schema}-before-`));
    state = { admin, sql, name, before };
    const files = (await readdir(domain.dir)).filter((f) => f.endsWith('.sql')).sort();
    for (const file of files.slice(0, files.indexOf(firstNew))) await copyFile(join(domain.dir, file), join(before, file));
    for (const m of migrations.slice(0, at)) await apply(sql, m);
    // The same versions as the domain's own files, so the upgrade applies only the rest.
    const publishedDir = publishedDirBeside(domain.dir);
    await migrate(sql, domain.schema, before, { resolveNeedsFrom: domain.dir, ...(publishedDir ? { publishedDir } : {}) });
    if (released) await paymentTablesAsReleased(sql, domain.schema, released);
  });
  afterAll(async () => {
    if (!state) return;
    await state.sql.end();
    await state.admin`drop database if exists ${state.admin(state.name)} with (force)`;
    await state.admin.end();
    await rm(state.before, { recursive: true, force: true });
  });
  const ready = () => {
    if (!state) throw new Error('databaseBefore: read sql inside tests, after beforeAll');
    return state;
  };
  return {
    get sql() {
      return ready().sql;
    },
    upgrade: async () => {
      for (const m of migrations.slice(at)) await apply(ready().sql, m);
    },
  };
};
