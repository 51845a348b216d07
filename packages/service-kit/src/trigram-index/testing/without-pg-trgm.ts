import { readFile } from 'node:fs/promises';
import type { TransactionSql } from 'postgres';
import { listMigrations } from '../../migrate';
import { trigramIndexMigrations } from '../migrations';

/** A migration's own call of `create_trigram_index` (the one statement that names it). */
export const trigramIndexCall = (migration: string): string => {
  const call = /^select create_trigram_index\(.*\);$/m.exec(migration)?.[0];
  if (!call) throw new Error('the migration makes no trigram index');
  return call;
};

/**
 * In the caller's transaction (roll it back after), gives `schema` the `create_trigram_index` of a
 * server without pg_trgm: the same function, asking for an extension no server has.
 */
export const withoutPgTrgm = async (tx: TransactionSql, schema: string): Promise<void> => {
  const [set] = await listMigrations(trigramIndexMigrations.dir);
  if (!set) throw new Error('no trigram index migration');
  const text = await readFile(set.path, 'utf8');
  await tx.unsafe(`set local search_path to ${schema}, public`);
  await tx.unsafe(text.replaceAll('pg_trgm', 'starforge_no_such_extension'));
};
