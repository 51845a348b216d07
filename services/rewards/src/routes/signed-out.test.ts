import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { liveSessionsOf } from '@starforge/service-kit/auth/live-sessions';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, eventually, ledgerBreaks, rewardsTestContext, signIn } from '../testing/harness';

const ctx = rewardsTestContext();

const READS = ['/summary', '/withdrawals', '/transactions', '/test-runs', '/achievements', '/tiers'];

describe('a signed-out session', () => {
  it('is refused on every read route (401 session_not_found) once its session.ended is announced', async () => {
    const who = await signIn(ctx);
    await liveSessionsOf(ctx.sql).ready();
    for (const path of READS) expect((await callAs(ctx, who, 'GET', path)).status, path).toBe(200);
    await ctx.tokens.signOut(ctx.sql, who.user, { announce: true });
    await eventually(async () => (await callAs(ctx, who, 'GET', '/summary')).status === 401, 2_000);
    for (const path of READS) {
      const res = await callAs(ctx, who, 'GET', path);
      expect(errorOf(res), path).toMatchObject({ status: 401, code: 'session_not_found' });
    }
  });

  it('is refused on a read at once when this process has not seen it live', async () => {
    const who = await signIn(ctx);
    await ctx.tokens.signOut(ctx.sql, who.user);
    expect(errorOf(await callAs(ctx, who, 'GET', '/withdrawals'))).toMatchObject({ status: 401, code: 'session_not_found' });
  });

  it('cannot move money even when its revocation was not heard: the money transaction confirms the session', async () => {
    const who = await signIn(ctx);
    expect((await callAs(ctx, who, 'POST', '/tokens/stake', { body: { amount: 10 }, key: randomUUID() })).status).toBe(200);
    // Known live now; ended without the event (a revocation racing the write).
    await ctx.tokens.signOut(ctx.sql, who.user);
    const key = randomUUID();
    const refused = await callAs(ctx, who, 'POST', '/tokens/stake', { body: { amount: 10 }, key });
    expect(errorOf(refused)).toMatchObject({ status: 401, code: 'session_not_found' });
    const [tokens] = await ctx.sql<{ staked: string }[]>`select staked_amount as staked from rewards.starforge_tokens where user_id = ${who.id}`;
    expect(Number(tokens?.staked)).toBe(10);
    expect(await ctx.sql`select 1 from rewards.idempotency_keys where user_id = ${who.id} and key = ${key}`).toHaveLength(0);
    expect(await ledgerBreaks(ctx.sql)).toHaveLength(0);
  });
});
