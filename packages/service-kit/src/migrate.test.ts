import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  describe('a file that needs a kit set', () => {
    /** A kit set's folder and the module that exports it, beside a service's `migrations/`. */
    const withKitSet = () => {
      const root = mkdtempSync(join(tmpdir(), 'kit-need-'));
      for (const sub of ['set', 'migrations']) mkdirSync(join(root, sub));
      writeFileSync(join(root, 'set', '00001_create_kit_things.sql'), 'create table kit_things (id int primary key);');
      writeFileSync(join(root, 'set', '00002_add_name.sql'), 'alter table kit_things add column name text;');
      writeFileSync(join(root, 'set.mjs'), `export const demoMigrations = { kitSet: 'demo', dir: ${JSON.stringify(join(root, 'set'))} };`);
      return { set: join(root, 'set'), migrations: join(root, 'migrations') };
    };
    const needsDemo = "-- needs demoMigrations from '../set.mjs' up to 00001\n";
    const uses = 'create table things (id int primary key, kit_id int references kit_things (id));';
    const kitRows = async (schema: string) => sql`select kit_set, version from ${sql(schema)}.kit_migrations order by version`;

    it('gets the set up to that version just before the file, recorded as the set, once', async () => {
      const schema = `m_need_${Date.now()}`;
      const { set, migrations } = withKitSet();
      writeFileSync(join(migrations, '00001_create_things.sql'), needsDemo + uses);
      expect(await migrate(sql, schema, migrations)).toEqual([1]);
      expect(await kitRows(schema)).toEqual([{ kitSet: 'demo', version: 1 }]);
      // The set's own run (runService's kitMigrations) applies only what the file did not need.
      expect(await migrate(sql, schema, set, { kitSet: 'demo' })).toEqual([2]);
      expect(await migrate(sql, schema, migrations)).toEqual([]);
      expect(await kitRows(schema)).toEqual([
        { kitSet: 'demo', version: 1 },
        { kitSet: 'demo', version: 2 },
      ]);
    });

    it('leaves a schema alone that ran the file before it named the set', async () => {
      const schema = `m_need_old_${Date.now()}`;
      const { migrations } = withKitSet();
      writeFileSync(join(migrations, '00001_create_things.sql'), 'create table things (id int primary key);');
      expect(await migrate(sql, schema, migrations)).toEqual([1]);
      writeFileSync(join(migrations, '00001_create_things.sql'), needsDemo + uses);
      writeFileSync(join(migrations, '00002_seed.sql'), 'insert into things (id) values (1);');
      expect(await migrate(sql, schema, migrations)).toEqual([2]);
      expect(await sql`select to_regclass(${`${schema}.kit_things`})::text as kit_things`).toEqual([{ kitThings: null }]);
    });

    it('refuses a module without that set, or a version the set does not have', async () => {
      const { migrations } = withKitSet();
      writeFileSync(join(migrations, '00001_create_things.sql'), "-- needs otherMigrations from '../set.mjs' up to 00001\nselect 1;");
      await expect(migrate(sql, `m_need_bad_${Date.now()}`, migrations)).rejects.toThrow(/exports no kit migration set named otherMigrations/);
      writeFileSync(join(migrations, '00001_create_things.sql'), "-- needs demoMigrations from '../set.mjs' up to 00003\nselect 1;");
      await expect(migrate(sql, `m_need_far_${Date.now()}`, migrations)).rejects.toThrow(/has no version 3/);
    });
  });

  describe('published SQL', () => {
    /** A service folder: `migrations/` and `published/` side by side, as in services/<d>/. */
    const service = (migrations: Record<string, string>, published: Record<string, string>) => {
      const root = mkdtempSync(join(tmpdir(), 'service-'));
      for (const [sub, files] of [
        ['migrations', migrations],
        ['published', published],
      ] as const) {
        mkdirSync(join(root, sub));
        for (const [name, text] of Object.entries(files)) writeFileSync(join(root, sub, name), text);
      }
      return { migrations: join(root, 'migrations'), published: join(root, 'published') };
    };
    const answer = async (schema: string) => (await sql<{ n: number }[]>`select ${sql(schema)}.answer() as n`)[0]?.n;
    const recorded = async (schema: string) => (await sql<{ file: string }[]>`select file from ${sql(schema)}.published_sql order by file`).map((r) => r.file);

    it('applies each file after the numbered ones, and again only when it changed', async () => {
      const schema = `m_pub_${Date.now()}`;
      const dirs = service(
        { '00001_create_things.sql': 'create table things (n int);' },
        {
          'answer.sql': 'create or replace function answer() returns int language sql set search_path from current as $$ select count(*)::int from things $$;',
        },
      );
      expect(await migrate(sql, schema, dirs.migrations)).toEqual([1]);
      expect(await answer(schema)).toBe(0);
      expect(await recorded(schema)).toEqual(['answer.sql']);
      const [first] = await sql<{ at: Date }[]>`select applied_at as at from ${sql(schema)}.published_sql`;

      // Unchanged: not applied again.
      await migrate(sql, schema, dirs.migrations);
      const [same] = await sql<{ at: Date }[]>`select applied_at as at from ${sql(schema)}.published_sql`;
      expect(same?.at).toEqual(first?.at);

      // Its body changed in its one file: the live function follows, no new migration needed.
      writeFileSync(join(dirs.published, 'answer.sql'), 'create or replace function answer() returns int language sql as $$ select 42 $$;');
      expect(await migrate(sql, schema, dirs.migrations)).toEqual([]);
      expect(await answer(schema)).toBe(42);
    });

    it('applies every file again after a migration that dropped what one creates', async () => {
      const schema = `m_pub_drop_${Date.now()}`;
      const dirs = service(
        { '00001_create_things.sql': 'create table things (n int, note text);' },
        { 'thing_notes.sql': 'create or replace view thing_notes as select n, note from things;' },
      );
      await migrate(sql, schema, dirs.migrations);
      // The view is in the way of the column's change, so the migration drops it; the file brings it back.
      writeFileSync(join(dirs.migrations, '00002_note_varchar.sql'), 'drop view thing_notes; alter table things alter column note type varchar(10);');
      expect(await migrate(sql, schema, dirs.migrations)).toEqual([2]);
      const [view] = await sql`select to_regclass(${`${schema}.thing_notes`})::text as v`;
      expect(view).toEqual({ v: `${schema}.thing_notes` });
    });

    it('creates a file after the later-named file it needs, on a fresh schema', async () => {
      const schema = `m_pub_order_${Date.now()}`;
      // a_… is a view over b_…'s view, and c_… a SQL function returning a_…'s row: name order alone fails.
      const dirs = service(
        { '00001_create_things.sql': 'create table things (n int);' },
        {
          'a_big_things.sql': 'create or replace view a_big_things as select n from b_things where n > 10;',
          'b_things.sql': 'create or replace view b_things as select n from things;',
          'c_first_big.sql': `create or replace function c_first_big() returns a_big_things language sql as $$ select * from ${schema}.a_big_things limit 1 $$;`,
        },
      );
      await migrate(sql, schema, dirs.migrations);
      await sql`insert into ${sql(schema)}.things values (5), (50)`;
      const [row] = await sql`select (${sql(schema)}.c_first_big()).n`;
      expect(row).toEqual({ n: 50 });
      expect(await recorded(schema)).toEqual(['a_big_things.sql', 'b_things.sql', 'c_first_big.sql']);
    });

    it('rolls back the numbered files with a published file that fails, and forgets files taken away', async () => {
      const schema = `m_pub_fail_${Date.now()}`;
      const dirs = service({ '00001_create_things.sql': 'create table things (n int);' }, { 'broken.sql': 'select no_such_function();' });
      await expect(migrate(sql, schema, dirs.migrations)).rejects.toThrow(/no_such_function/);
      const [row] = await sql`select to_regclass(${`${schema}.things`}) as things`;
      expect(row).toEqual({ things: null });

      rmSync(join(dirs.published, 'broken.sql'));
      writeFileSync(join(dirs.published, 'answer.sql'), 'create or replace function answer() returns int language sql as $$ select 7 $$;');
      await migrate(sql, schema, dirs.migrations);
      writeFileSync(join(dirs.published, 'other.sql'), 'create or replace function other() returns int language sql as $$ select 1 $$;');
      await migrate(sql, schema, dirs.migrations);
      rmSync(join(dirs.published, 'other.sql'));
      await migrate(sql, schema, dirs.migrations);
      expect(await recorded(schema)).toEqual(['answer.sql']);
    });

    it('refuses a file name that is not lower-case words', async () => {
      const schema = `m_pub_name_${Date.now()}`;
      const dirs = service({ '00001_create.sql': 'create table t (n int);' }, { 'Answer.sql': 'select 1;' });
      await expect(migrate(sql, schema, dirs.migrations)).rejects.toThrow(/lower-case words/);
    });
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
