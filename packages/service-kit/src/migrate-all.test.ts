import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql, type Sql } from './db';
import { migrateAll } from './migrate-all';

describe('migrateAll', () => {
  let sql: Sql;
  beforeAll(() => {
    sql = createSql(inject('databaseUrl'), { max: 2 });
  });
  afterAll(() => sql.end());

  // Two schemas where the second's migration calls a function the first publishes.
  const workspace = (suffix: string) => {
    const root = mkdtempSync(join(tmpdir(), 'migrate-all-'));
    const write = (schema: string, text: string) => {
      mkdirSync(join(root, schema));
      writeFileSync(join(root, schema, '00001_init.sql'), text);
    };
    write(`pub_${suffix}`, `create function answer() returns int language sql as 'select 42';`);
    write(`use_${suffix}`, `create table answers (n int default pub_${suffix}.answer()); insert into answers default values;`);
    return (schema: string) => join(root, schema);
  };

  it('runs a publishing schema before the schema that uses it, so the order decides', async () => {
    const suffix = `x${Date.now()}`;
    const dirOf = workspace(suffix);
    const [publisher, user] = [`pub_${suffix}`, `use_${suffix}`];
    await expect(migrateAll(sql, dirOf, [user, publisher])).rejects.toThrow(/does not exist/);
    expect(await migrateAll(sql, dirOf, [publisher, user])).toEqual({ [publisher]: [1], [user]: [1] });
    expect(await sql`select n from ${sql(user)}.answers`).toEqual([{ n: 42 }]);
  });
});
