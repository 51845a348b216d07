import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSql, type Sql } from '../db';
import { migrate } from '../migrate';
import { trigramIndexMigrations } from './migrations';
import { withoutPgTrgm } from './testing/without-pg-trgm';

const schema = `kit_trgm_${randomBytes(4).toString('hex')}`;
let sql: Sql;
beforeAll(async () => {
  sql = createSql(inject('databaseUrl'), { max: 2, schema });
  const migrations = mkdtempSync(join(tmpdir(), 'trgm-'));
  writeFileSync(
    join(migrations, '00001_things.sql'),
    `-- needs trigramIndexMigrations from '${join(trigramIndexMigrations.dir, '..', 'migrations.ts')}' up to 00001
create table things (id int primary key, status text not null, search_text text not null);
select create_trigram_index('things_search_trgm', 'things', 'search_text', 'status = ''listed''');`,
  );
  await migrate(sql, schema, migrations);
});
afterAll(() => sql.end());

describe('create_trigram_index', () => {
  it('makes the partial trigram index of a search text where the server has pg_trgm, through the migration that names the set', async () => {
    const [ext] = await sql<{ present: boolean }[]>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as present`;
    const indexes = await sql<{ definition: string }[]>`
      select indexdef as definition from pg_indexes where schemaname = ${schema} and indexname = 'things_search_trgm'`;
    // Without pg_trgm (a server without its contrib package) no index, and the same ILIKE search.
    if (!ext?.present) return expect(indexes).toEqual([]);
    expect(indexes[0]?.definition).toMatch(/USING gin \(search_text (public\.)?gin_trgm_ops\) WITH \(fastupdate='?off'?\) WHERE \(status = 'listed'::text\)/);
    await sql`insert into things select i, 'listed', 'token ' || i from generate_series(1, 50) i`;
    const plan = await sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      const rows = await tx<{ 'QUERY PLAN': string }[]>`explain select id from things where status = 'listed' and search_text ilike '%oken 4%'`;
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('things_search_trgm');
  });

  it('answers false and makes nothing on a server without pg_trgm, so the migration goes on', async () => {
    const outcome = await sql
      .begin(async (tx) => {
        await withoutPgTrgm(tx, schema);
        await tx`create table other_things (id int primary key, search_text text not null)`;
        const [made] = await tx<{ made: boolean }[]>`select create_trigram_index('other_things_trgm', 'other_things', 'search_text', 'true') as made`;
        const indexes = await tx`select 1 from pg_indexes where schemaname = ${schema} and indexname = 'other_things_trgm'`;
        throw Object.assign(new Error('rollback'), { outcome: { made: made?.made, indexes: indexes.length } });
      })
      .catch((e: { outcome?: unknown }) => {
        if (e.outcome === undefined) throw e;
        return e.outcome;
      });
    expect(outcome).toEqual({ made: false, indexes: 0 });
  });
});
