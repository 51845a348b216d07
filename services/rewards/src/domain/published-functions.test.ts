import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, FORGE_WELCOME_GRANT, MINT_POINT_AWARDS_PER_DAY, MINT_POINTS, PERFECTIONIST_MIN_TESTS } from '@starforge/contracts/rewards';
import { serverEventSchemas, type ServerEventType } from '@starforge/contracts/shared';
import { createServiceApp, type Sql } from '@starforge/service-kit';
import { rewardsSqlStates } from '@starforge/rewards-published/sql-states';
import { ledgerBreaks, rewardsTestSql } from '../testing/harness';

let sql: Sql;
beforeAll(async () => {
  sql = await rewardsTestSql();
});
afterAll(() => sql.end());

const award = (user: string, points: number, key: string, rule = 'test_grant') =>
  sql<{ ok: boolean }[]>`select rewards.award_points(${user}, ${points}, ${rule}, 'A grant', ${sql.json({ type: 'bounty', id: 'b1' })}, ${key}) as ok`.then(
    (r) => r[0]?.ok,
  );
const credit = (user: string, cents: number, key: string, kind = 'bounty_reward') =>
  sql<{ ok: boolean }[]>`select rewards.credit_cash(${user}, ${cents}, ${kind}, 'Bounty paid', ${sql.json({ type: 'bounty', id: 'b1' })}, ${key}) as ok`.then(
    (r) => r[0]?.ok,
  );
const debit = (user: string, cents: number, key: string, kind = 'sale_proceeds') =>
  sql<{ ok: boolean }[]>`select rewards.debit_cash(${user}, ${cents}, ${kind}, 'Paid', null, ${key}) as ok`.then((r) => r[0]?.ok);

const balances = async (user: string) => {
  const [row] = await sql<{ pointsBalance: string; cashBalanceCents: string; totalEarnedCents: string; totalWithdrawnCents: string }[]>`
    select points_balance, cash_balance_cents, total_earned_cents, total_withdrawn_cents from rewards.user_balances where user_id = ${user}`;
  return (
    row && {
      points: Number(row.pointsBalance),
      cash: Number(row.cashBalanceCents),
      earned: Number(row.totalEarnedCents),
      withdrawn: Number(row.totalWithdrawnCents),
    }
  );
};
const stats = async (user: string) => {
  const [row] = await sql<{ points: string; weeklyPoints: string; totalNfts: number }[]>`
    select points, weekly_points, total_nfts from rewards.leaderboard_stats where user_id = ${user}`;
  return row && { points: Number(row.points), weekly: Number(row.weeklyPoints), nfts: row.totalNfts };
};
const ledgerCount = async (user: string) => Number((await sql`select count(*) from rewards.transactions where user_id = ${user}`)[0]?.count);
const events = (user: string) => sql<{ type: ServerEventType; data: unknown }[]>`select type, data from events.events where user_id = ${user} order by id`;
const unlocked = async (user: string) =>
  (await sql<{ code: string }[]>`select code from rewards.user_achievements where user_id = ${user} order by code`).map((r) => r.code);
const sqlState = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof postgres.PostgresError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a PostgreSQL error');
};

describe('seeds', () => {
  it('hold the six achievements of the contract, in its order', async () => {
    const rows = await sql`select code, name, description, measure, target, points from rewards.achievements order by sort_order`;
    expect(rows.map((r) => ({ ...r }))).toEqual(ACHIEVEMENTS.map((a) => ({ ...a })));
    // The SQL's Perfectionist floor is the contract's.
    expect(ACHIEVEMENTS.find((a) => a.code === 'perfectionist')?.description).toContain(String(PERFECTIONIST_MIN_TESTS));
  });

  it('hold four tiers, Free to Gold, ascending', async () => {
    const rows = await sql<{ name: string; requiredTokens: string }[]>`select name, required_tokens from rewards.subscription_tiers order by required_tokens`;
    expect(rows.map((r) => [r.name, Number(r.requiredTokens)])).toEqual([
      ['Free', 0],
      ['Bronze', 1000],
      ['Silver', 5000],
      ['Gold', 20000],
    ]);
  });
});

describe('ensure_account', () => {
  it('creates the three rows once, with the FORGE welcome grant once', async () => {
    const user = randomUUID();
    await sql`select rewards.ensure_account(${user})`;
    await sql`update rewards.starforge_tokens set token_amount = 10 where user_id = ${user}`;
    await sql`select rewards.ensure_account(${user})`;
    const [tokens] = await sql`select token_amount from rewards.starforge_tokens where user_id = ${user}`;
    expect(Number(tokens?.tokenAmount)).toBe(10);
    const other = randomUUID();
    await sql`select rewards.ensure_account(${other})`;
    const [fresh] = await sql`select token_amount, staked_amount from rewards.starforge_tokens where user_id = ${other}`;
    expect([Number(fresh?.tokenAmount), Number(fresh?.stakedAmount)]).toEqual([FORGE_WELCOME_GRANT, 0]);
    expect(await balances(other)).toEqual({ points: 0, cash: 0, earned: 0, withdrawn: 0 });
  });
});

describe('award_points', () => {
  it('credits once per key: a repeated key changes nothing and answers false', async () => {
    const user = randomUUID();
    const key = `grant:${randomUUID()}`;
    expect(await award(user, 30, key)).toBe(true);
    expect(await award(user, 30, key)).toBe(false);
    expect(await award(user, 99, key)).toBe(false);
    expect((await balances(user))?.points).toBe(30);
    expect(await stats(user)).toEqual({ points: 30, weekly: 30, nfts: 0 });
    expect(await ledgerCount(user)).toBe(1);
    expect(await ledgerBreaks(sql)).toEqual([]);
  });

  it('publishes rewards.account_changed with data its schema accepts', async () => {
    const user = randomUUID();
    await award(user, 10, `grant:${randomUUID()}`, 'bounty_approved');
    const published = await events(user);
    expect(published.map((e) => e.type)).toEqual(['rewards.account_changed']);
    for (const e of published) expect(serverEventSchemas[e.type].safeParse(e.data).success).toBe(true);
    expect(published[0]?.data).toEqual({ reason: 'bounty_approved' });
  });

  it('refuses a negative award, or one without a key or with a malformed source', async () => {
    const user = randomUUID();
    expect((await sqlState(award(user, -5, 'k'))).code).toBe('22023');
    expect((await sqlState(sql`select rewards.award_points(${user}, 5, 'r', 'd', null, null)`)).code).toBe('22023');
    expect((await sqlState(sql`select rewards.award_points(${user}, 5, 'r', 'd', ${sql.json({ id: 'x' })}, 'k2')`)).code).toBe('22023');
  });

  it('unlocks Weekly Warrior once at 500 weekly points, crediting its 200 points in its own row', async () => {
    const user = randomUUID();
    await award(user, 499, `a:${randomUUID()}`);
    expect(await unlocked(user)).toEqual([]);
    await award(user, 1, `a:${randomUUID()}`);
    await award(user, 600, `a:${randomUUID()}`);
    expect(await unlocked(user)).toEqual(['weekly_warrior']);
    expect((await balances(user))?.points).toBe(499 + 1 + 600 + 200);
    const rows =
      await sql`select points_amount, rule, source_type, source_id from rewards.transactions where user_id = ${user} and rule = 'achievement_unlocked'`;
    expect(rows.map((r) => ({ ...r, pointsAmount: Number(r.pointsAmount) }))).toEqual([
      { pointsAmount: 200, rule: 'achievement_unlocked', sourceType: 'achievement', sourceId: 'weekly_warrior' },
    ]);
    expect(await ledgerBreaks(sql)).toEqual([]);
  });

  it('starts the weekly points again in a new ISO week', async () => {
    const user = randomUUID();
    await award(user, 300, `a:${randomUUID()}`);
    // The last award was in an earlier week.
    await sql`update rewards.leaderboard_stats set week_start = week_start - 7 where user_id = ${user}`;
    const [before] = await sql`select weekly_points from rewards.leaderboard_stats where user_id = ${user}`;
    expect(Number(before?.weeklyPoints)).toBe(300);
    await award(user, 250, `a:${randomUUID()}`);
    expect(await stats(user)).toEqual({ points: 550, weekly: 250, nfts: 0 });
    // 300 last week + 250 this week: no Weekly Warrior.
    expect(await unlocked(user)).toEqual([]);
    const [week] = await sql<{ same: boolean }[]>`
      select week_start = (date_trunc('week', now() at time zone 'UTC'))::date and extract(isodow from week_start) = 1 as same
      from rewards.leaderboard_stats where user_id = ${user}`;
    expect(week?.same).toBe(true);
  });
});

describe('credit_cash and debit_cash', () => {
  it('credit once per key, into cash and total earned', async () => {
    const user = randomUUID();
    const key = `bounty:${randomUUID()}`;
    expect(await credit(user, 1234, key)).toBe(true);
    expect(await credit(user, 1234, key)).toBe(false);
    expect(await balances(user)).toEqual({ points: 0, cash: 1234, earned: 1234, withdrawn: 0 });
    const [row] = await sql`select transaction_type, amount_cents, rule, status from rewards.transactions where user_id = ${user}`;
    expect({ ...row, amountCents: Number(row?.amountCents) }).toEqual({
      transactionType: 'bounty_reward',
      amountCents: 1234,
      rule: 'bounty_approved',
      status: 'completed',
    });
  });

  it('debit once per key, never below zero (RW002), a withdrawal kind counted as withdrawn', async () => {
    const user = randomUUID();
    await credit(user, 500, `c:${randomUUID()}`);
    const key = `d:${randomUUID()}`;
    expect(await debit(user, 200, key)).toBe(true);
    expect(await debit(user, 200, key)).toBe(false);
    expect(await sqlState(debit(user, 301, `d:${randomUUID()}`))).toMatchObject({ code: 'RW002', message: 'Insufficient balance' });
    expect(await debit(user, 100, `d:${randomUUID()}`, 'withdrawal')).toBe(true);
    expect(await balances(user)).toEqual({ points: 0, cash: 200, earned: 500, withdrawn: 100 });
    expect(await ledgerBreaks(sql)).toEqual([]);
  });

  it('refuse kinds that are not theirs', async () => {
    const user = randomUUID();
    expect((await sqlState(credit(user, 5, 'k', 'withdrawal'))).code).toBe('22023');
    expect((await sqlState(credit(user, 5, 'k', 'earned_points'))).code).toBe('22023');
    expect((await sqlState(debit(user, 5, 'k', 'points_to_cash'))).code).toBe('22023');
  });

  it('join the caller transaction: a rollback leaves nothing', async () => {
    const user = randomUUID();
    await sql
      .begin(async (tx) => {
        await tx`select rewards.credit_cash(${user}, 100, 'royalty', 'Royalty', null, 'r1')`;
        throw new Error('the caller fails after');
      })
      .catch(() => undefined);
    expect(await balances(user)).toBeUndefined();
    expect(await ledgerCount(user)).toBe(0);
  });
});

describe('a zero amount', () => {
  it('moves nothing: award_points, credit_cash and debit_cash answer false and write no row, no account, no event', async () => {
    const user = randomUUID();
    expect(await award(user, 0, `z:${randomUUID()}`)).toBe(false);
    expect(await credit(user, 0, `z:${randomUUID()}`, 'royalty')).toBe(false);
    // An account with no cash: a $0 debit is not a shortfall.
    expect(await debit(user, 0, `z:${randomUUID()}`)).toBe(false);
    expect(await balances(user)).toBeUndefined();
    expect(await ledgerCount(user)).toBe(0);
    expect(await events(user)).toEqual([]);
  });

  it('still has its other arguments checked, and its key stays free for a real amount', async () => {
    const user = randomUUID();
    expect((await sqlState(credit(user, 0, 'k', 'withdrawal'))).code).toBe('22023');
    expect((await sqlState(sql`select rewards.debit_cash(${user}, 0, 'royalty', 'Paid', null, null)`)).code).toBe('22023');
    expect((await sqlState(sql`select rewards.award_points(${null}, 0, 'r', 'd', null, 'k')`)).code).toBe('22004');
    const key = `k:${randomUUID()}`;
    expect(await credit(user, 0, key)).toBe(false);
    expect(await credit(user, 70, key)).toBe(true);
    expect((await balances(user))?.cash).toBe(70);
    expect(await ledgerBreaks(sql)).toEqual([]);
  });
});

describe('record_nft_mint', () => {
  it('counts a mint once with its 100 points, and unlocks NFT Creator then NFT Collector once', async () => {
    const user = randomUUID();
    const mints = Array.from({ length: 5 }, () => randomUUID());
    for (const mint of mints) {
      expect((await sql`select rewards.record_nft_mint(${user}, ${mint}) as ok`)[0]?.ok).toBe(true);
      expect((await sql`select rewards.record_nft_mint(${user}, ${mint}) as ok`)[0]?.ok).toBe(false);
    }
    expect((await stats(user))?.nfts).toBe(5);
    expect(await unlocked(user)).toEqual(['nft_collector', 'nft_creator', 'weekly_warrior']);
    // 5 mints, NFT Creator 100, NFT Collector 300, and Weekly Warrior 200 reached on the way.
    expect((await balances(user))?.points).toBe(5 * MINT_POINTS + 100 + 300 + 200);
    expect(await ledgerBreaks(sql)).toEqual([]);
  });

  const record = (user: string, mint: string) => sql<{ ok: boolean }[]>`select rewards.record_nft_mint(${user}, ${mint}) as ok`.then((r) => r[0]?.ok);
  const mintPoints = async (user: string) =>
    Number((await sql`select coalesce(sum(points_amount), 0) as p from rewards.transactions where user_id = ${user} and rule = 'nft_minted'`)[0]?.p);
  const mintBreaks = (user: string) => sql`select * from rewards.nft_mint_breaks where user_id = ${user}`;

  it('earns points for the first 10 mints of a UTC day, exactly, even when recorded at once; later ones count once each, without points', async () => {
    const user = randomUUID();
    const mints = Array.from({ length: MINT_POINT_AWARDS_PER_DAY + 5 }, () => randomUUID());
    const earned = await Promise.all(mints.map((mint) => record(user, mint)));
    expect(earned.filter(Boolean)).toHaveLength(MINT_POINT_AWARDS_PER_DAY);
    expect(await mintPoints(user)).toBe(MINT_POINT_AWARDS_PER_DAY * MINT_POINTS);
    expect((await stats(user))?.nfts).toBe(mints.length);
    // A mint recorded again changes nothing, whether it earned points or not.
    for (const mint of mints) expect(await record(user, mint)).toBe(false);
    expect((await stats(user))?.nfts).toBe(mints.length);
    expect(await mintPoints(user)).toBe(MINT_POINT_AWARDS_PER_DAY * MINT_POINTS);
    expect(await unlocked(user)).toEqual(['nft_collector', 'nft_creator', 'weekly_warrior']);
    expect(await mintBreaks(user)).toEqual([]);
    expect(await ledgerBreaks(sql)).toEqual([]);
  });

  it('earns points again on the next UTC day', async () => {
    const user = randomUUID();
    for (let i = 0; i < MINT_POINT_AWARDS_PER_DAY; i += 1) expect(await record(user, randomUUID())).toBe(true);
    expect(await record(user, randomUUID())).toBe(false);
    await sql`update rewards.nft_mint_records set recorded_at = recorded_at - interval '1 day' where user_id = ${user}`;
    expect(await record(user, randomUUID())).toBe(true);
    expect(await mintPoints(user)).toBe((MINT_POINT_AWARDS_PER_DAY + 1) * MINT_POINTS);
    expect((await stats(user))?.nfts).toBe(MINT_POINT_AWARDS_PER_DAY + 2);
    expect(await mintBreaks(user)).toEqual([]);
  });
});

describe('convert_points_to_cash', () => {
  const convert = (user: string, points: number) => sql`select * from rewards.convert_points_to_cash(${user}, ${points})`;

  it('moves points to cash in one ledger row: 1000 points = 100 cents', async () => {
    const user = randomUUID();
    await award(user, 2500, `a:${randomUUID()}`);
    const before = await ledgerCount(user);
    const [row] = await convert(user, 1230);
    expect(Number(row?.pointsBalance)).toBe(2500 + 200 - 1230);
    expect(Number(row?.cashBalanceCents)).toBe(123);
    expect(await ledgerCount(user)).toBe(before + 1);
    const [tx] =
      await sql`select transaction_type, amount_cents, points_amount, rule, source_type, source_id from rewards.transactions where id = ${row?.transactionId}`;
    expect({ ...tx, amountCents: Number(tx?.amountCents), pointsAmount: Number(tx?.pointsAmount) }).toEqual({
      transactionType: 'points_to_cash',
      amountCents: 123,
      pointsAmount: -1230,
      rule: 'points_converted',
      sourceType: 'conversion',
      sourceId: row?.transactionId,
    });
    expect(await balances(user)).toMatchObject({ cash: 123, earned: 123 });
    expect(await ledgerBreaks(sql)).toEqual([]);
  });

  it('refuses under 1000, off steps of 10 and above the points balance', async () => {
    const user = randomUUID();
    await award(user, 1500, `a:${randomUUID()}`);
    expect(await sqlState(convert(user, 999))).toEqual({ code: '22023', message: 'Minimum conversion is 1000 points' });
    expect((await sqlState(convert(user, 1005))).code).toBe('22023');
    expect(await sqlState(convert(user, 2000))).toEqual({ code: 'RW001', message: 'Not enough points to convert' });
    // 1500 and Weekly Warrior's 200, untouched.
    expect((await balances(user))?.points).toBe(1700);
  });
});

describe('what another domain gets from rewardsSqlStates and the kit', () => {
  const payingApp = (options: Parameters<typeof createServiceApp>[2], cents: number) => {
    const app = createServiceApp('marketplace', sql, options);
    const user = randomUUID();
    app.post('/pay', async (c) => {
      await sql.begin((tx) => tx`select rewards.debit_cash(${user}, ${cents}, 'sale_proceeds', 'Paid from balance', null, ${randomUUID()})`);
      return c.json({ ok: true });
    });
    return app.request('/api/marketplace/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  };

  it('a debit_cash refusal inside its route answers 422 insufficient_balance once it registers the map', async () => {
    const res = await payingApp({ sqlStates: rewardsSqlStates }, 100);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: 'insufficient_balance', message: 'Insufficient balance' } });
  });

  it('the kit itself knows no rewards state: unregistered, RW002 is a fault (500)', async () => {
    const res = await payingApp({}, 100);
    expect(res.status).toBe(500);
  });

  it("an invalid argument (22023, a negative amount) is the kit's 400 in the error shape", async () => {
    const res = await payingApp({ sqlStates: rewardsSqlStates }, -100);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'validation_failed', message: 'Invalid input.' } });
  });
});
