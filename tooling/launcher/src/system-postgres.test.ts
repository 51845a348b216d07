import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { findDebianPostgres, startThrowawayPostgres } from './system-postgres';

describe("Debian's PostgreSQL", () => {
  const roots: string[] = [];
  afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));
  const layout = async (files: string[]) => {
    const root = await mkdtemp(join(tmpdir(), 'debian-pg-layout-'));
    roots.push(root);
    for (const file of files) {
      await mkdir(dirname(join(root, file)), { recursive: true });
      await writeFile(join(root, file), '');
    }
    return root;
  };

  it('is found in the newest major version that has both server programs', async () => {
    const root = await layout(['13/bin/postgres', '13/bin/initdb', '15/bin/postgres', '15/bin/initdb', '17/bin/psql', 'common/bin/postgres']);
    expect(findDebianPostgres(root)).toEqual({
      nativeDir: join(root, '15'),
      postgres: join(root, '15/bin/postgres'),
      initdb: join(root, '15/bin/initdb'),
      pgCtl: join(root, '15/bin/pg_ctl'),
    });
    expect(findDebianPostgres(await layout(['15/bin/psql']))).toBeUndefined();
    expect(findDebianPostgres(join(root, 'missing'))).toBeUndefined();
  });

  const bins = findDebianPostgres();
  it.skipIf(!bins)('runs a throwaway cluster for a role that is no superuser, and leaves nothing behind', async () => {
    const server = await startThrowawayPostgres({ bins: bins! });
    const sql = postgres(server.url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql`
        select rolsuper as superuser, rolcreatedb as createdb, pg_encoding_to_char(d.encoding) as encoding, d.datcollate as collation
        from pg_roles, pg_database d
        where rolname = current_user and d.datname = current_database()`;
      expect(row).toEqual({ superuser: false, createdb: true, encoding: 'UTF8', collation: 'C' });
    } finally {
      await sql.end();
    }
    expect(existsSync(join(server.dir, 'data/PG_VERSION'))).toBe(true);
    await server.stop();
    expect(existsSync(server.dir)).toBe(false);
  });
});
