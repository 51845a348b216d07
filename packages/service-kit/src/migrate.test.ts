import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSql, type Sql } from './db';
import { listMigrations, migrate } from './migrate';
import { migrateIdempotencyKeys } from './idempotency/migrations';

const folder = (files: Record<string, string>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};

describe('migrate', () => {
  let sql: Sql;
  beforeAll(() => {
    sql = createSql(inject('databaseUrl'), { max: 6 });
  });
  afterAll(() => sql.end());

  it('applies numbered files in order into the schema, once, and again only what is new', async () => {
    const schema = `m_${Date.now()}`;
    const dir = folder({
      '00001_create_things.sql': 'create table things (id int primary key);',
      '00002_add_name.sql': 'alter table things add column name text;',
    });
    expect(await migrate(sql, schema, dir)).toEqual([1, 2]);
    expect(await migrate(sql, schema, dir)).toEqual([]);
    writeFileSync(join(dir, '00003_seed.sql'), "insert into things values (1, 'one');");
    expect(await migrate(sql, schema, dir)).toEqual([3]);
    const rows = await sql`select name from ${sql(schema)}.things`;
    expect(rows).toEqual([{ name: 'one' }]);
  });

  it('is safe when several processes migrate at once', async () => {
    const schema = `m_race_${Date.now()}`;
    const dir = folder({ '00001_create.sql': 'create table t (id int);', '00002_insert.sql': 'insert into t values (1);' });
    const results = await Promise.all([migrate(sql, schema, dir), migrate(sql, schema, dir), migrate(sql, schema, dir)]);
    expect(results.flat().sort()).toEqual([1, 2]);
    expect(await sql`select count(*)::int as n from ${sql(schema)}.t`).toEqual([{ n: 1 }]);
  });

  it('rolls a failing file back and records nothing for it', async () => {
    const schema = `m_fail_${Date.now()}`;
    const dir = folder({ '00001_ok.sql': 'create table ok (id int);', '00002_broken.sql': 'create table broken (id int); select no_such_function();' });
    await expect(migrate(sql, schema, dir)).rejects.toThrow(/no_such_function/);
    const [row] = await sql`select to_regclass(${`${schema}.broken`}) as broken, to_regclass(${`${schema}.ok`}) as ok`;
    expect(row).toEqual({ broken: null, ok: null });
  });

  it("applies a kit-owned set into the schema, recorded apart from the service's own files", async () => {
    const schema = `m_kit_${Date.now()}`;
    const own = folder({ '00001_create_things.sql': 'create table things (id int primary key);' });
    const kit = folder({ '00001_create_kit_table.sql': 'create table kit_things (id int primary key);' });
    expect(await migrate(sql, schema, kit, { kitSet: 'demo' })).toEqual([1]);
    expect(await migrate(sql, schema, own)).toEqual([1]);
    expect(await migrate(sql, schema, kit, { kitSet: 'demo' })).toEqual([]);
    expect(await migrate(sql, schema, own)).toEqual([]);
    writeFileSync(join(kit, '00002_add_column.sql'), 'alter table kit_things add column name text;');
    expect(await migrate(sql, schema, kit, { kitSet: 'demo' })).toEqual([2]);
    // Another kit set keeps its own numbering in the same schema.
    expect(await migrate(sql, schema, folder({ '00001_other.sql': 'create table other_things (id int);' }), { kitSet: 'other' })).toEqual([1]);
    expect(await sql`select version, name from ${sql(schema)}.schema_migrations`).toEqual([{ version: 1, name: 'create_things' }]);
    expect(await sql`select kit_set, version from ${sql(schema)}.kit_migrations order by kit_set, version`).toEqual([
      { kitSet: 'demo', version: 1 },
      { kitSet: 'demo', version: 2 },
      { kitSet: 'other', version: 1 },
    ]);
    await expect(migrate(sql, schema, kit, { kitSet: 'Bad-Name' })).rejects.toThrow(/Invalid kit migration set name/);
  });

  it('creates idempotency_keys and write_buckets through the kit set, once', async () => {
    const schema = `m_idem_${Date.now()}`;
    expect(await migrateIdempotencyKeys(sql, schema)).toEqual([1, 2]);
    expect(await migrateIdempotencyKeys(sql, schema)).toEqual([]);
    const [row] = await sql`select to_regclass(${`${schema}.idempotency_keys`})::text as t, to_regclass(${`${schema}.write_buckets`})::text as b`;
    expect(row).toEqual({ t: `${schema}.idempotency_keys`, b: `${schema}.write_buckets` });
  });

  it('refuses gaps and badly named files', async () => {
    await expect(listMigrations(folder({ '00001_a.sql': '', '00003_c.sql': '' }))).rejects.toThrow(/without gaps/);
    await expect(listMigrations(folder({ 'create.sql': '' }))).rejects.toThrow(/must look like/);
  });

  it('holds many connections from two services at once', async () => {
    const a = createSql(inject('databaseUrl'), { max: 60 });
    const b = createSql(inject('databaseUrl'), { max: 60 });
    try {
      const hold = (pool: Sql) => Array.from({ length: 60 }, () => pool`select pg_sleep(0.2), pg_backend_pid() as pid`);
      const rows = await Promise.all([...hold(a), ...hold(b)]);
      expect(new Set(rows.map(([r]) => r?.pid)).size).toBe(120);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
