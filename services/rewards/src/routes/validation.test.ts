import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_CONVERSION_POINTS, rewardsErrorCodes, rewardsMessages } from '@starforge/contracts/rewards';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, fund, signIn, rewardsTestContext, WALLET, type TestUser } from '../testing/harness';

const ctx = rewardsTestContext();

const post = (who: TestUser, path: string, body: unknown) => callAs(ctx, who, 'POST', path, { body, key: randomUUID() });
const expectError = async (result: Promise<{ status: number; body: unknown }>, status: number, message: string, code?: string) => {
  const error = errorOf(await result);
  expect({ status: error.status, message: error.message }).toEqual({ status, message });
  if (code) expect(error.code).toBe(code);
};

describe('validation messages', () => {
  it('POST /test-runs needs both a network and a test type', async () => {
    const who = await signIn(ctx);
    for (const body of [
      {},
      { network: 'ethereum' },
      { test_type: 'transaction' },
      { network: 'mainnet', test_type: 'transaction' },
      { network: 'polygon', test_type: 'fuzz' },
    ]) {
      await expectError(post(who, '/test-runs', body), 400, rewardsMessages.selectNetworkAndType, 'validation_failed');
    }
  });

  it('POST /convert: at least 1000 whole points, in steps of 10, not above the balance', async () => {
    const who = await signIn(ctx);
    for (const body of [{ points: 999 }, { points: 0 }, { points: -1000 }]) {
      await expectError(post(who, '/convert', body), 400, rewardsMessages.minConversion);
    }
    // Not an amount under the minimum: each says what it is (issue 26, item 11: 1e308 was 'Minimum conversion is 1000 points').
    await expectError(post(who, '/convert', {}), 400, 'points is required');
    await expectError(post(who, '/convert', { points: '5000' }), 400, 'points must be a number');
    await expectError(post(who, '/convert', { points: 1000.5 }), 400, 'points must be a whole number');
    await expectError(post(who, '/convert', { points: 1e308 }), 400, 'points must be at most 9007199254740991');
    await expectError(post(who, '/convert', { points: 1005 }), 400, rewardsMessages.conversionStep);
    await expectError(post(who, '/convert', { points: 1000 }), 422, rewardsMessages.insufficientPoints, rewardsErrorCodes.insufficientPoints);
  });

  it("POST /convert above the stored procedure's integer (2,147,483,647) is more than any balance: the same 422", async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { points: 5000 });
    for (const points of [MAX_CONVERSION_POINTS - 7, MAX_CONVERSION_POINTS + 3, 3_000_000_000, 10_000_000_000_000]) {
      await expectError(post(who, '/convert', { points }), 422, rewardsMessages.insufficientPoints, rewardsErrorCodes.insufficientPoints);
    }
  });

  it('POST /tokens/stake and /tokens/unstake: a positive whole amount, not above what is there', async () => {
    const who = await signIn(ctx);
    for (const body of [{}, { amount: 0 }, { amount: -5 }, { amount: 1.5 }, { amount: '100' }, { amount: null }]) {
      await expectError(post(who, '/tokens/stake', body), 400, rewardsMessages.stakeInvalid);
      await expectError(post(who, '/tokens/unstake', body), 400, rewardsMessages.unstakeInvalid);
    }
    await expectError(post(who, '/tokens/stake', { amount: 1001 }), 422, rewardsMessages.stakeInsufficient, rewardsErrorCodes.insufficientTokens);
    await expectError(post(who, '/tokens/unstake', { amount: 1 }), 422, rewardsMessages.unstakeInsufficient, rewardsErrorCodes.insufficientStakedTokens);
  });

  it('POST /withdrawals: a wallet, a positive amount of at least a cent, not above the cash', async () => {
    const who = await signIn(ctx);
    for (const body of [{}, { amount: '1' }, { wallet_address: '', amount: '1' }, { wallet_address: 'not-an-address', amount: '1' }]) {
      await expectError(post(who, '/withdrawals', body), 400, rewardsMessages.connectWalletFirst);
    }
    // The right alphabet and length, but 34 bytes, not a 32-byte key.
    await expectError(post(who, '/withdrawals', { wallet_address: '1'.repeat(34), amount: '1' }), 400, rewardsMessages.connectWalletFirst);
    for (const amount of [undefined, '', 'abc', '0', '-5', -5, '1.234', null]) {
      await expectError(post(who, '/withdrawals', { wallet_address: WALLET, amount }), 400, rewardsMessages.invalidWithdrawalAmount);
    }
    await expectError(post(who, '/withdrawals', { wallet_address: WALLET, amount: '0.001' }), 400, rewardsMessages.minimumWithdrawal);
    await expectError(
      post(who, '/withdrawals', { wallet_address: WALLET, amount: '0.01' }),
      422,
      rewardsMessages.insufficientWithdrawalBalance,
      rewardsErrorCodes.insufficientBalance,
    );
  });

  it('every route needs the bearer token', async () => {
    for (const [method, path] of [
      ['GET', '/summary'],
      ['GET', '/tiers'],
      ['GET', '/transactions'],
      ['GET', '/achievements'],
      ['GET', '/test-runs'],
      ['POST', '/test-runs'],
      ['POST', '/convert'],
      ['POST', '/tokens/stake'],
      ['POST', '/tokens/unstake'],
      ['POST', '/withdrawals'],
      ['GET', '/withdrawals'],
    ] as const) {
      const res = await ctx.app.app.request(`/api/rewards${path}`, {
        method,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('body types', () => {
  it("takes 'application/json;' as JSON, and answers any other type 415 unsupported_media_type", async () => {
    const who = await signIn(ctx);
    const stake = (type: string) => callAs(ctx, who, 'POST', '/tokens/stake', { body: { amount: 1 }, key: randomUUID(), headers: { 'content-type': type } });
    for (const type of ['application/json;', 'application/json ;charset=utf-8']) expect((await stake(type)).status, type).toBe(200);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect(errorOf(await stake(type)), type).toEqual({
        status: 415,
        code: 'unsupported_media_type',
        message: 'Send the body as JSON (Content-Type: application/json).',
      });
    }
  });
});

describe('the user is the token, never the body', () => {
  it("another user's id in any body changes only the caller's account", async () => {
    const caller = await signIn(ctx);
    const other = await signIn(ctx);
    await fund(ctx.sql, caller.id, { points: 3000, cents: 5000 });
    await fund(ctx.sql, other.id, { points: 3000, cents: 5000 });
    const snapshot = async (id: string) =>
      (
        await ctx.sql`
          select b.points_balance, b.cash_balance_cents, t.token_amount, t.staked_amount,
                 (select count(*) from rewards.test_runs r where r.user_id = b.user_id) as runs,
                 (select count(*) from rewards.withdrawals w where w.user_id = b.user_id) as withdrawals
          from rewards.user_balances b join rewards.starforge_tokens t using (user_id) where b.user_id = ${id}`
      ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])))[0];
    const otherBefore = await snapshot(other.id);
    const callerBefore = await snapshot(caller.id);
    const foreign = { user_id: other.id, userId: other.id, _user_id: other.id };

    expect((await post(caller, '/convert', { points: 1000, ...foreign })).status).toBe(200);
    expect((await post(caller, '/tokens/stake', { amount: 300, ...foreign })).status).toBe(200);
    expect((await post(caller, '/tokens/unstake', { amount: 100, ...foreign })).status).toBe(200);
    expect((await post(caller, '/withdrawals', { wallet_address: WALLET, amount: '1.50', ...foreign })).status).toBe(201);
    expect((await post(caller, '/test-runs', { network: 'ethereum', test_type: 'transaction', ...foreign })).status).toBe(201);

    expect(await snapshot(other.id)).toEqual(otherBefore);
    expect(await snapshot(caller.id)).toEqual({
      pointsBalance: (callerBefore?.pointsBalance ?? 0) - 1000,
      cashBalanceCents: (callerBefore?.cashBalanceCents ?? 0) + 100 - 150,
      tokenAmount: (callerBefore?.tokenAmount ?? 0) - 200,
      stakedAmount: 200,
      runs: 1,
      withdrawals: 1,
    });
  });
});

describe('idempotency keys on money routes', () => {
  it('a retried conversion with the same key converts once and replays the answer', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { points: 2000 });
    const key = randomUUID();
    const first = await callAs(ctx, who, 'POST', '/convert', { body: { points: 1000 }, key });
    const again = await callAs(ctx, who, 'POST', '/convert', { body: { points: 1000 }, key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const [row] = await ctx.sql`select count(*)::int as n from rewards.transactions where user_id = ${who.id} and transaction_type = 'points_to_cash'`;
    expect(row?.n).toBe(1);
  });

  it('a retried withdrawal with the same key withdraws once', async () => {
    const who = await signIn(ctx);
    await fund(ctx.sql, who.id, { cents: 1000 });
    const key = randomUUID();
    const body = { wallet_address: WALLET, amount: '4.00' };
    const [a, b] = await Promise.all([callAs(ctx, who, 'POST', '/withdrawals', { body, key }), callAs(ctx, who, 'POST', '/withdrawals', { body, key })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    const [row] = await ctx.sql`select count(*)::int as n, sum(amount_cents)::int as total from rewards.withdrawals where user_id = ${who.id}`;
    expect(row).toEqual({ n: 1, total: 400 });
  });

  it('a test run started twice with the same key starts once', async () => {
    const who = await signIn(ctx);
    const key = randomUUID();
    const body = { network: 'arbitrum', test_type: 'security_audit' };
    const [a, b] = await Promise.all([callAs(ctx, who, 'POST', '/test-runs', { body, key }), callAs(ctx, who, 'POST', '/test-runs', { body, key })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    const [row] = await ctx.sql`select count(*)::int as n from rewards.test_runs where user_id = ${who.id}`;
    expect(row?.n).toBe(1);
  });
});
