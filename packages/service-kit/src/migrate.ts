import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import postgres, { type TransactionSql } from 'postgres';
import type { Sql } from './db';
import { kitSetNeeds, resolveKitSetNeed } from './kit-set-needs';
import { applyPublished, publishedDirBeside } from './migrate-published';

const migrationFile = /^(\d{5})_([a-z0-9_]+)\.sql$/;

export interface Migration {
  version: number;
  name: string;
  path: string;
}

/** Lists `NNNNN_name.sql` files in order and refuses gaps or duplicates. */
export const listMigrations = async (dir: string): Promise<Migration[]> => {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations = files.map((file) => {
    const match = migrationFile.exec(file);
    if (!match) throw new Error(`Migration file name must look like 00001_create_things.sql: ${file}`);
    return { version: Number(match[1]), name: match[2] ?? '', path: join(dir, file) };
  });
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Migrations in ${dir} must be numbered 1..n without gaps; found ${m.version} at position ${i + 1}`);
  });
  return migrations;
};

/** Options of `migrate`. */
export interface MigrateOptions {
  /**
   * The name of a migration set the kit owns (e.g. 'idempotency'). Its files are applied into the
   * service's schema like the service's own, but recorded in `<schema>.kit_migrations` under this
   * name, so they never mix with the service's numbered files in `schema_migrations`.
   */
  kitSet?: string;
  /**
   * The service's published SQL (`published/*.sql`, one function or view per file, `create or
   * replace`), applied after the numbered files: see migrate-published.ts. Defaults to the
   * `published` folder beside a folder named `migrations`; none for a kit-owned set.
   */
  publishedDir?: string;
  /**
   * Where the modules that files name in `-- needs …` lines resolve from (kit-set-needs.ts): the
   * migrations folder, unless its files were copied elsewhere (a test's database as an older
   * history left it).
   */
  resolveNeedsFrom?: string;
}

/** A migration set the kit owns, applied into a service's schema (see `MigrateOptions.kitSet`). */
export interface KitMigrations {
  kitSet: string;
  dir: string;
}

const identifier = /^[a-z_][a-z0-9_]*$/;

/** Where one run of files is recorded: the service's `schema_migrations` or a kit set's rows of `kit_migrations`. */
interface History {
  done: Set<number>;
  record: (migration: Migration) => Promise<unknown>;
}

const serviceHistory = async (tx: TransactionSql, schema: string): Promise<History> => {
  await tx`
    create table if not exists ${tx(schema)}.schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`;
  const rows = await tx<{ version: number }[]>`select version from ${tx(schema)}.schema_migrations`;
  return {
    done: new Set(rows.map((r) => r.version)),
    record: ({ version, name }) => tx`insert into ${tx(schema)}.schema_migrations ${tx({ version, name })}`,
  };
};

const kitSetHistory = async (tx: TransactionSql, schema: string, kitSet: string): Promise<History> => {
  if (!identifier.test(kitSet)) throw new Error(`Invalid kit migration set name: ${kitSet}`);
  await tx`
    create table if not exists ${tx(schema)}.kit_migrations (
      kit_set text not null,
      version integer not null,
      name text not null,
      applied_at timestamptz not null default now(),
      primary key (kit_set, version)
    )`;
  const rows = await tx<{ version: number }[]>`select version from ${tx(schema)}.kit_migrations where kit_set = ${kitSet}`;
  return {
    done: new Set(rows.map((r) => r.version)),
    record: ({ version, name }) => tx`insert into ${tx(schema)}.kit_migrations ${tx({ kitSet, version, name })}`,
  };
};

const run = async (tx: TransactionSql, schema: string, text: string) => {
  await tx.unsafe(`set local search_path to ${schema}, public`);
  // The file is our own source code, never user input.
  await tx.unsafe(text);
};

/** A kit set's files up to `upTo` that the schema has not run yet (kit-set-needs.ts). */
const applyKitSetUpTo = async (tx: TransactionSql, schema: string, set: KitMigrations, upTo: number) => {
  const files = await listMigrations(set.dir);
  if (files.length < upTo) throw new Error(`Kit migration set ${set.kitSet} has no version ${upTo} (it has ${files.length})`);
  const history = await kitSetHistory(tx, schema, set.kitSet);
  for (const file of files.slice(0, upTo)) {
    if (history.done.has(file.version)) continue;
    await run(tx, schema, await readFile(file.path, 'utf8'));
    await history.record(file);
  }
};

/**
 * Applies a service's migrations into its own schema, in order, each once, in one transaction,
 * then its published SQL where it changed (migrate-published.ts). A file (numbered or published)
 * that builds on a kit set gets that set first (kit-set-needs.ts). Safe to run from several processes at
 * once: an advisory lock per schema serializes them, and applied versions are recorded in
 * `<schema>.schema_migrations` (or in `<schema>.kit_migrations` for a kit-owned set).
 */
export const migrate = async (sql: Sql, schema: string, dir: string, options: MigrateOptions = {}): Promise<number[]> => {
  if (!identifier.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const { kitSet } = options;
  const migrations = await listMigrations(dir);
  const applied: number[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${`starforge.migrate.${schema}`}))`;
    await tx`create schema if not exists ${tx(schema)}`.catch((error: unknown) => {
      // insufficient_privilege: PostgreSQL checks CREATE on the database even when the schema exists.
      if (!(error instanceof postgres.PostgresError) || error.code !== '42501') throw error;
      throw new Error(
        `${error.message}: each service keeps its tables in a schema of its own and creates it at start, so the role needs CREATE on the database (GRANT CREATE ON DATABASE … TO …, or make the role the database's owner)`,
        { cause: error },
      );
    });
    const history = kitSet === undefined ? await serviceHistory(tx, schema) : await kitSetHistory(tx, schema, kitSet);
    const applyNeeds = async (text: string) => {
      for (const need of kitSetNeeds(text)) await applyKitSetUpTo(tx, schema, await resolveKitSetNeed(need, options.resolveNeedsFrom ?? dir), need.upTo);
    };
    for (const migration of migrations) {
      if (history.done.has(migration.version)) continue;
      const text = await readFile(migration.path, 'utf8');
      await applyNeeds(text);
      await run(tx, schema, text);
      await history.record(migration);
      applied.push(migration.version);
    }
    const publishedDir = kitSet === undefined ? (options.publishedDir ?? publishedDirBeside(dir)) : undefined;
    if (publishedDir) await applyPublished(tx, schema, publishedDir, { all: applied.length > 0, beforeFile: applyNeeds });
  });
  return applied;
};
