import type { TestProject } from 'vitest/node';
import type {} from './index';
import postgres from 'postgres';
import { createSql, migrateAll, serviceMigrationsDir } from '@starforge/service-kit';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@starforge/launcher/postgres';
import { ensureDatabase } from '@starforge/launcher/postgres';
import { freePort } from '@starforge/launcher/ports';
import { fromRoot } from '@starforge/launcher/paths';

/**
 * Vitest global setup: a real PostgreSQL for service tests. `DATABASE_URL` when set (CI with
 * its own server), otherwise the embedded one under `.data-test/`. Each run gets a fresh
 * database, every service's schema migrated in the contract's order (so a test never depends
 * on which file migrated first), dropped at the end; tests read its URL from `TEST_DATABASE_URL`.
 */
let embedded: EmbeddedDatabase | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: fromRoot('.data-test/pg'), port: await freePort() });
    adminUrl = embedded.url;
  }
  const name = `starforge_test_${process.pid}_${Date.now()}`;
  const url = await ensureDatabase(adminUrl, name);
  const sql = createSql(url, { max: 1 });
  try {
    await migrateAll(sql, (service) => serviceMigrationsDir(fromRoot(), service));
  } catch (error) {
    await embedded?.stop();
    throw error;
  } finally {
    await sql.end();
  }
  project.provide('databaseUrl', url);
  process.env.TEST_DATABASE_URL = url;
  return async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin`drop database if exists ${admin(name)} with (force)`.catch(() => undefined);
    await admin.end();
    await embedded?.stop();
  };
}
