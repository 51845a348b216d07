import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MINT_POINT_AWARDS_PER_DAY, MINT_POINTS } from '@starforge/contracts/rewards';
import { createSql, idempotencyKeyMigrations, migrate, type Sql } from '@starforge/service-kit';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const rewardsDir = dir('../../migrations');

// A database of its own: the rewards schema as it stood before mints had their own records, with
// mints recorded the old way, then migrated to now.
const name = `rewards_mint_records_${randomUUID().replaceAll('-', '')}`;
let admin: Sql;
let sql: Sql;
let before: string;

beforeAll(async () => {
  admin = createSql(inject('databaseUrl'), { max: 1 });
  await admin`create database ${admin(name)}`;
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  sql = createSql(url.toString(), { max: 5, schema: 'rewards' });
  before = await mkdtemp(join(tmpdir(), 'rewards-before-'));
  const files = (await readdir(rewardsDir)).sort();
  const first = files.findIndex((f) => f.endsWith('_create_nft_mint_records.sql'));
  for (const file of files.slice(0, first)) await copyFile(join(rewardsDir, file), join(before, file));
  await migrate(sql, 'auth', dir('../../../auth/migrations'));
  await migrate(sql, 'events', dir('../../../events/migrations'));
  await migrate(sql, 'rewards', idempotencyKeyMigrations.dir, { kitSet: idempotencyKeyMigrations.kitSet });
  await migrate(sql, 'rewards', before);
});
afterAll(async () => {
  await sql?.end();
  if (admin) await admin`drop database if exists ${admin(name)} with (force)`;
  await admin?.end();
  if (before) await rm(before, { recursive: true, force: true });
});

const record = (user: string, mint: string) => sql<{ ok: boolean }[]>`select rewards.record_nft_mint(${user}, ${mint}) as ok`.then((r) => r[0]?.ok);

/**
 * A mint as record_nft_mint recorded it before 00010: a ledger row of 100 points (rule
 * nft_minted, source nft_mint), the balance and the stats counted up. Written as rows, since the
 * history keeps the tables of each moment, not its functions (they live in published/, as now).
 */
const recordTheOldWay = async (user: string, mint: string): Promise<void> => {
  await sql.begin(async (tx) => {
    await tx`insert into rewards.user_balances (user_id) values (${user}) on conflict do nothing`;
    await tx`insert into rewards.leaderboard_stats (user_id) values (${user}) on conflict do nothing`;
    await tx`
      insert into rewards.transactions
        (user_id, transaction_type, amount_cents, points_amount, status, description, rule, source_type, source_id, idempotency_key, completed_at)
      values (${user}, 'earned_points', 0, ${MINT_POINTS}, 'completed', 'NFT minted', 'nft_minted', 'nft_mint', ${mint}, ${`nft_mint:${mint}`}, now())`;
    await tx`update rewards.user_balances set points_balance = points_balance + ${MINT_POINTS} where user_id = ${user}`;
    await tx`update rewards.leaderboard_stats set total_nfts = total_nfts + 1, points = points + ${MINT_POINTS} where user_id = ${user}`;
  });
};

describe('the mint records migration', () => {
  it("carries every mint recorded before it, and today's count towards the daily cap", async () => {
    const active = randomUUID();
    const once = randomUUID();
    for (let i = 0; i < 3; i += 1) await recordTheOldWay(active, randomUUID());
    await recordTheOldWay(once, randomUUID());

    await migrate(sql, 'rewards', rewardsDir);
    expect(await sql`select * from rewards.nft_mint_breaks`).toEqual([]);
    const rows = await sql<{ userId: string; n: number; points: number }[]>`
      select user_id, count(*)::int as n, sum(points)::int as points from rewards.nft_mint_records group by user_id order by count(*)`;
    expect(rows).toEqual([
      { userId: once, n: 1, points: MINT_POINTS },
      { userId: active, n: 3, points: 3 * MINT_POINTS },
    ]);
    // The three mints of today before the migration count: seven more earn points, the next none.
    for (let i = 3; i < MINT_POINT_AWARDS_PER_DAY; i += 1) expect(await record(active, randomUUID())).toBe(true);
    expect(await record(active, randomUUID())).toBe(false);
    expect(await sql`select * from rewards.nft_mint_breaks`).toEqual([]);
    expect(await sql`select * from rewards.ledger_breaks`).toEqual([]);
  });
});
