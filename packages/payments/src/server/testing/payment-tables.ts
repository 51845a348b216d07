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

/**
 * A database of its own for the file's tests, migrated as a domain's stood before its migration
 * file `firstNew`: `migrations` (the domain's harness list, in order) up to that file. A test fills
 * it the old way, then `upgrade()` applies the rest, as a deployment would (the domain's later
 * files, then what the list has after them: the payment tables' set). Read `sql` inside tests.
 */
export const databaseBefore = (migrations: SchemaMigrations[], firstNew: string) => {
  const at = migrations.findIndex((m) => !m.kitSet && existsSync(join(m.dir, firstNew)));
  if (at < 0) throw new Error(`no migration ${firstNew} in the list`);
  const domain = migrations[at]!;
  const apply = (sql: Sql, m: SchemaMigrations) => migrate(sql, m.schema, m.dir, m.kitSet ? { kitSet: m.kitSet } : {});
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
    await migrate(sql, domain.schema, before, publishedDir ? { publishedDir } : {});
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
