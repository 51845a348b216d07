import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGE_PER_COMPLETED_TEST, FORGE_TEST_DAILY_MAX, FORGE_TEST_GRANTS_PER_DAY, FORGE_WELCOME_GRANT } from '@starforge/contracts/rewards';
import type { Sql } from '@starforge/service-kit';
import { rewardsTestSql } from '../testing/harness';
import { finishTestRun } from './test-runs';

let sql: Sql;
beforeAll(async () => {
  sql = await rewardsTestSql();
});
afterAll(() => sql.end());

const completed = () => 0;
const failed = () => 0.99;

const newRuns = async (user: string, n: number): Promise<string[]> => {
  await sql`select rewards.ensure_account(${user})`;
  const rows = await sql<{ id: string }[]>`
    insert into rewards.test_runs (user_id, network, test_type)
    select ${user}, 'polygon', 'smart_contract' from generate_series(1, ${n}) returning id`;
  return rows.map((r) => r.id);
};
const forgeOf = async (user: string) => {
  const [row] = await sql<{ available: string; staked: string }[]>`
    select token_amount as available, staked_amount as staked from rewards.starforge_tokens where user_id = ${user}`;
  return Number(row?.available) + Number(row?.staked);
};
const grants = async (user: string) =>
  (
    await sql<{ reason: string; amount: string }[]>`select reason, amount from rewards.forge_grants where user_id = ${user} order by granted_at, reason desc`
  ).map((g) => [g.reason, Number(g.amount)]);
const forgeBreaks = (user: string) => sql`select * from rewards.forge_breaks where user_id = ${user}`;
const tierOf = async (user: string) =>
  (
    await sql<{ name: string }[]>`
      select x.name from rewards.starforge_tokens t, rewards.tier_for(t.token_amount + t.staked_amount) x where t.user_id = ${user}`
  )[0]?.name;
/** Moves the user's FORGE grants a day back, as if today's runs had been yesterday's. */
const nextDay = (user: string) => sql`update rewards.forge_grants set granted_at = granted_at - interval '1 day' where user_id = ${user}`;

describe('FORGE for completed test runs', () => {
  it('a new account has its welcome grant in the FORGE ledger', async () => {
    const user = randomUUID();
    await sql`select rewards.ensure_account(${user})`;
    expect(await grants(user)).toEqual([['welcome', FORGE_WELCOME_GRANT]]);
    expect(await forgeBreaks(user)).toEqual([]);
  });

  it('a completed run earns its FORGE once, however often its job runs; a failed run earns none', async () => {
    const user = randomUUID();
    const [won, lost] = await newRuns(user, 2);
    if (!won || !lost) throw new Error('no runs');
    const finishes = await Promise.all([finishTestRun(sql, won, completed), finishTestRun(sql, won, completed), finishTestRun(sql, won, completed)]);
    expect(finishes.filter(Boolean)).toHaveLength(1);
    expect(await finishTestRun(sql, lost, failed)).toBe(true);
    expect(await finishTestRun(sql, lost, completed)).toBe(false);
    expect(await forgeOf(user)).toBe(FORGE_WELCOME_GRANT + FORGE_PER_COMPLETED_TEST);
    expect(await grants(user)).toEqual([
      ['welcome', FORGE_WELCOME_GRANT],
      ['test_completed', FORGE_PER_COMPLETED_TEST],
    ]);
    expect(await forgeBreaks(user)).toEqual([]);
  });

  it('grants for at most 20 completed runs a UTC day, exactly, even when runs finish at once', async () => {
    const user = randomUUID();
    const runs = await newRuns(user, FORGE_TEST_GRANTS_PER_DAY + 10);
    await Promise.all(runs.map((run) => finishTestRun(sql, run, completed)));
    expect(await forgeOf(user)).toBe(FORGE_WELCOME_GRANT + FORGE_TEST_DAILY_MAX);
    // Every run still earned its points.
    const [points] = await sql`select count(*)::int as n from rewards.transactions where user_id = ${user} and rule = 'test_completed'`;
    expect(points?.n).toBe(runs.length);
    // A new day, a new allowance.
    await nextDay(user);
    const [tomorrow] = await newRuns(user, 1);
    if (!tomorrow) throw new Error('no run');
    await finishTestRun(sql, tomorrow, completed);
    expect(await forgeOf(user)).toBe(FORGE_WELCOME_GRANT + FORGE_TEST_DAILY_MAX + FORGE_PER_COMPLETED_TEST);
    expect(await forgeBreaks(user)).toEqual([]);
  });

  it('takes an active user from the welcome grant to Silver in 8 days, whether the FORGE is staked or not', async () => {
    const user = randomUUID();
    await sql`select rewards.ensure_account(${user})`;
    await sql`select * from rewards.stake_tokens(${user}, 600)`;
    for (let day = 1; day <= 8; day += 1) {
      expect(await tierOf(user), `day ${day}`).toBe('Bronze');
      for (const run of await newRuns(user, FORGE_TEST_GRANTS_PER_DAY)) await finishTestRun(sql, run, completed);
      await nextDay(user);
    }
    expect(await forgeOf(user)).toBe(5_000);
    expect(await tierOf(user)).toBe('Silver');
    expect(await forgeBreaks(user)).toEqual([]);
  });
});
