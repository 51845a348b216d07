import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createSql, type Sql, type Tx } from '../db';
import { migrate } from '../migrate';
import { transactionIdOf } from './testing/service-copies';

// A schema and channel of this file's own; its table's cache keeps the `open` rows and shows
// `status` and `title`, never `note`.
const name = `kit_notify_${randomBytes(4).toString('hex')}`;
const MARKER = 'marker';
let sql: Sql;
let heardSoFar: string[] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  sql = createSql(inject('databaseUrl'), { max: 4, schema: name });
  const migrations = mkdtempSync(join(tmpdir(), 'notify-'));
  const set = fileURLToPath(new URL('./migrations.ts', import.meta.url));
  writeFileSync(
    join(migrations, '00001_things.sql'),
    `-- needs notifiedCacheMigrations from '${set}' up to 00001
create table things (id int primary key, status text not null, title text not null, note text);
select notify_when_rows_change('things', '${name}', 'status', 'open', array['status', 'title']);`,
  );
  await migrate(sql, name, migrations);
  ({ unlisten } = await sql.listen(name, (payload) => heardSoFar.push(payload)));
});
afterAll(async () => {
  await unlisten();
  await sql.end();
});

/** What the channel carried for `write`: each notification its commit sent, up to a marker sent after it (so nothing of an earlier write is left to arrive). */
const heard = async (write: () => Promise<unknown>): Promise<string[]> => {
  heardSoFar = [];
  await write().catch(() => undefined);
  await sql`select pg_notify(${name}, ${MARKER})`;
  await vi.waitFor(() => expect(heardSoFar).toContain(MARKER));
  return heardSoFar.filter((p) => p !== MARKER);
};
const inTransaction = (statements: (tx: Tx) => Promise<unknown>) =>
  sql.begin(async (tx) => {
    await statements(tx);
    return transactionIdOf(tx);
  });

describe('notify_when_rows_change', () => {
  it('notifies an insert of a kept row, once for the statement, with the transaction id; not of another row', async () => {
    expect(await heard(() => sql`insert into things values (1, 'closed', 'one')`)).toEqual([]);
    let id: string | undefined;
    const payloads = await heard(async () => {
      id = await inTransaction((tx) => tx`insert into things values (2, 'open', 'two'), (3, 'open', 'three'), (4, 'open', 'four')`);
    });
    expect(payloads).toEqual([id]);
  });

  it('notifies an update of a shown column or the status of a kept row, not of another column or another row', async () => {
    await heard(() => sql`insert into things values (10, 'open', 'ten'), (11, 'closed', 'eleven')`);
    expect(await heard(() => sql`update things set note = 'hidden' where id = 10`)).toEqual([]);
    expect(await heard(() => sql`update things set title = 'eleven!' where id = 11`)).toEqual([]);
    expect(await heard(() => sql`update things set title = 'ten!' where id = 10`)).toHaveLength(1);
    expect(await heard(() => sql`update things set status = 'closed' where id = 10`)).toHaveLength(1);
    expect(await heard(() => sql`update things set status = 'open' where id = 11`)).toHaveLength(1);
  });

  it('notifies a delete of a kept row and any truncate; never a write that rolls back', async () => {
    await heard(() => sql`insert into things values (20, 'open', 'twenty'), (21, 'closed', 'twenty-one')`);
    expect(await heard(() => sql`delete from things where id = 21`)).toEqual([]);
    expect(
      await heard(() =>
        sql.begin(async (tx) => {
          await tx`insert into things values (22, 'open', 'twenty-two')`;
          throw new Error('roll back');
        }),
      ),
    ).toEqual([]);
    expect(await heard(() => sql`delete from things where id = 20`)).toHaveLength(1);
    expect(await heard(() => sql`truncate things`)).toHaveLength(1);
  });
});
