import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import postgres, { type TransactionSql } from 'postgres';

/** undefined_function, undefined_table, undefined_object: what a file created before its dependency meets. */
const missingObject = new Set(['42883', '42P01', '42704']);

const publishedFile = /^[a-z0-9_]+\.sql$/;

/** `services/<d>/published` beside `services/<d>/migrations`; undefined when `migrationsDir` is not named so or has no such folder. */
export const publishedDirBeside = (migrationsDir: string): string | undefined => {
  if (basename(migrationsDir) !== 'migrations') return undefined;
  const dir = join(dirname(migrationsDir), 'published');
  return existsSync(dir) ? dir : undefined;
};

export interface PublishedFile {
  file: string;
  text: string;
  checksum: string;
}

/** The folder's `name.sql` files in name order, each with the SHA-256 of its text. */
export const listPublished = async (dir: string): Promise<PublishedFile[]> => {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      if (!publishedFile.test(file)) throw new Error(`Published SQL file names are lower-case words joined by '_': ${file}`);
      const text = await readFile(join(dir, file), 'utf8');
      return { file, text, checksum: createHash('sha256').update(text, 'utf8').digest('hex') };
    }),
  );
};

/**
 * A service's published SQL: the functions and views other code calls, one per file, each file
 * `create or replace` (or a drop then a create, where the signature changes), so a function's
 * live body is in exactly one place and a change to it is a diff of that file, not a copy in a
 * new migration. Like Flyway's repeatable migrations, a file is applied again when its checksum
 * changed, recorded in `<schema>.published_sql`. When numbered migrations were applied in the
 * same run (`all`), every file is applied again: a migration may have dropped what a file
 * creates (a view over a column it changed). Runs inside migrate's transaction, under its lock.
 */
export const applyPublished = async (
  tx: TransactionSql,
  schema: string,
  dir: string,
  { all, beforeFile }: { all: boolean; beforeFile?: (text: string) => Promise<void> },
): Promise<string[]> => {
  const files = await listPublished(dir);
  await tx`
    create table if not exists ${tx(schema)}.published_sql (
      file text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`;
  const known = new Map(
    (await tx<{ file: string; checksum: string }[]>`select file, checksum from ${tx(schema)}.published_sql`).map((r) => [r.file, r.checksum]),
  );
  const applied: string[] = [];
  let pending = files.filter(({ file, checksum }) => all || known.get(file) !== checksum);
  // Name order first; a file that needs an object a later file creates (a view over another view,
  // a SQL function returning a view's row) fails inside its savepoint and is tried again after
  // the rest, until a round makes no progress.
  while (pending.length > 0) {
    const deferred: PublishedFile[] = [];
    let firstMissing: unknown;
    for (const published of pending) {
      const { file, text, checksum } = published;
      await beforeFile?.(text);
      try {
        await tx.savepoint(async (sp) => {
          await sp.unsafe(`set local search_path to ${schema}, public`);
          // The file is our own source code, never user input.
          await sp.unsafe(text);
        });
      } catch (error) {
        if (!(error instanceof postgres.PostgresError) || !missingObject.has(error.code)) throw error;
        deferred.push(published);
        firstMissing ??= error;
        continue;
      }
      await tx`
        insert into ${tx(schema)}.published_sql (file, checksum) values (${file}, ${checksum})
        on conflict (file) do update set checksum = excluded.checksum, applied_at = now()`;
      applied.push(file);
    }
    if (deferred.length === pending.length) throw firstMissing;
    pending = deferred;
  }
  // A file taken away leaves its object (dropping it is a numbered migration's job) and no record.
  const present = files.map((f) => f.file);
  await tx`delete from ${tx(schema)}.published_sql where file <> all(${present}::text[])`;
  return applied;
};
