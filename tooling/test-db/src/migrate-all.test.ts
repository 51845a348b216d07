import { describe, expect, inject, it } from 'vitest';
import postgres from 'postgres';
import { migrationOrder, serviceNames } from '@starforge/contracts';
import { createSql, listMigrations, migrateAll, serviceMigrationsDir } from '@starforge/service-kit';
import { ensureDatabase } from '@starforge/launcher/postgres';
import { fromRoot } from '@starforge/launcher/paths';

describe('migrating every service', () => {
  it('orders every service exactly once', () => {
    expect([...migrationOrder].sort()).toEqual([...serviceNames].sort());
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
