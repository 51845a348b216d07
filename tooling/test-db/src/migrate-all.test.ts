import { describe, expect, inject, it } from 'vitest';
import postgres from 'postgres';
import { migrationOrder, serviceNames } from '@starforge/contracts/shared';
import { createSql, listMigrations, migrateAll, serviceMigrationsDir } from '@starforge/service-kit';
import { ensureDatabase } from '@starforge/launcher/postgres';
import { fromRoot } from '@starforge/launcher/paths';

describe('migrating every service', () => {
  it('orders every service exactly once', () => {
    expect([...migrationOrder].sort()).toEqual([...serviceNames].sort());
  });

  it('pins the search path of every PL/pgSQL function a service owns', async () => {
    // A function that names a table without its schema would otherwise read whatever the calling
    // connection's search path finds first (auth.hit_rate_limit lost its pin when its body moved
    // to published/ and nothing noticed). SQL functions are left out: a SET clause stops
    // PostgreSQL from inlining them, and theirs name every table with its schema.
    const sql = createSql(inject('databaseUrl'), { max: 1 });
    try {
      const unpinned = await sql<{ name: string }[]>`
        select n.nspname || '.' || p.proname as name
        from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        join pg_language l on l.oid = p.prolang
        where n.nspname = any(${[...serviceNames]}::text[])
          and l.lanname = 'plpgsql'
          and not exists (select 1 from unnest(p.proconfig) c where c like 'search\\_path=%')
        order by 1`;
      expect(unpinned.map((r) => r.name)).toEqual([]);
    } finally {
      await sql.end();
    }
  });

  it('migrates a fresh database in the contract order, and a second run applies nothing', async () => {
    const name = `starforge_fresh_${process.pid}_${Date.now()}`;
    const url = await ensureDatabase(inject('databaseUrl'), name);
    const sql = createSql(url, { max: 2 });
    try {
      const dirOf = (service: (typeof migrationOrder)[number]) => serviceMigrationsDir(fromRoot(), service);
      const applied = await migrateAll(sql, dirOf);
      for (const service of migrationOrder) {
        const files = await listMigrations(dirOf(service));
        expect(applied[service], service).toEqual(files.map((f) => f.version));
      }
      const again = await migrateAll(sql, dirOf);
      expect(Object.values(again).flat()).toEqual([]);
    } finally {
      await sql.end();
      const admin = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
      await admin`drop database if exists ${admin(name)} with (force)`;
      await admin.end();
    }
  });
});
