import { describe, expect, it } from 'vitest';
import { SAMPLE_CONTRACTS } from '@starforge/contracts/rewards';
import { CONTRACT_RUNS_WAITING_MAX, CONTRACT_SOURCE_MAX_BYTES, rewardsErrorCodes, rewardsMessages, type TestRunDetail } from '@starforge/contracts/rewards';
import { errorOf } from '@starforge/test-db/harness';
import { contractHash, contractRunGaveUp, giveUpContractRun } from '../domain/contract-runs';
import { callAs, eventually, ledgerBreaks, rewardsTestContext, runToEnd as runToEndIn, signIn, type TestUser } from '../testing/harness';

/**
 * The Testing Engine with the user's own contract: compiled and run for real in the engine's
 * workers by the service's durable job, with the spec's points and daily limit.
 */
const ctx = rewardsTestContext();

const sample = (id: string) => {
  const found = SAMPLE_CONTRACTS.find((s) => s.id === id);
  if (!found) throw new Error(`no sample ${id}`);
  return found;
};

const start = (who: TestUser, body: Record<string, unknown>) => callAs(ctx, who, 'POST', '/test-runs', { body });

/** Starts a run of `source` and waits until the engine's result is kept with it. */
const runToEnd = (who: TestUser, body: Record<string, unknown>) => runToEndIn(ctx, who, body);

/** The points the run's own ledger row gave (achievements it unlocked have rows of their own). */
const runPoints = async (runId: string) =>
  (await ctx.sql<{ points: string }[]>`select points_amount as points from rewards.transactions where source_type = 'test_run' and source_id = ${runId}`).map(
    (r) => Number(r.points),
  );

describe('a test run of the user’s own contract', () => {
  it('runs the tests for real: every test of the Counter sample passes, +50 points, gas_used is the real total', async () => {
    const who = await signIn(ctx);
    const counter = sample('counter');
    const run = await runToEnd(who, { network: 'sepolia', test_type: 'smart_contract', contract: { source: counter.source } });
    expect(run).toMatchObject({ status: 'completed', has_contract: true, points_awarded: 50, tx_hash: null, block_number: null });
    expect(run.result?.functions.map((f) => [f.name, f.outcome]).sort()).toEqual([
      ['setUp', 'passed'],
      ['testFailDecrementBelowZero', 'passed'],
      ['testIncrement', 'passed'],
      ['testSetNumber', 'passed'],
    ]);
    expect(run.gas_used).toBe(run.result?.total_gas);
    expect(run.contract).toEqual({ source: counter.source, call: null });
    expect(run.summary).toBe(run.result?.summary);
    expect(await runPoints(run.id)).toEqual([50]);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  });

  it('fails with the failing test and its revert reason when the contract has a bug: +25 points, the real gas kept', async () => {
    const who = await signIn(ctx);
    const run = await runToEnd(who, { network: 'ethereum', test_type: 'smart_contract', contract: { source: sample('vault').source } });
    expect(run.status).toBe('failed');
    expect(run.points_awarded).toBe(25);
    expect(await runPoints(run.id)).toEqual([25]);
    const failing = run.result?.functions.filter((f) => f.outcome === 'failed') ?? [];
    expect(failing.map((f) => f.name)).toEqual(['testThiefCannotTakeOthersEther']);
    expect(failing[0]?.revert_reason).toContain('the vault was drained through reentrancy');
    expect(run.gas_used).toBe(run.result?.total_gas);
    expect(run.gas_used).toBeGreaterThan(0);
  });

  it('fails a contract that does not compile, naming the line of the error; no gas', async () => {
    const who = await signIn(ctx);
    const source = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\ncontract Broken {\n    function f() public { uint x = ; }\n}\n';
    const run = await runToEnd(who, { network: 'polygon', test_type: 'smart_contract', contract: { source } });
    expect(run.status).toBe('failed');
    expect(run.gas_used).toBeNull();
    expect(run.result?.errors[0]).toMatchObject({ severity: 'error', line: 4 });
    expect(run.summary).toBeTruthy();
  });

  it('a transaction run calls the function the user names, with its return value and event', async () => {
    const who = await signIn(ctx);
    const token = sample('token');
    const run = await runToEnd(who, { network: 'optimism', test_type: 'transaction', contract: { source: token.source, call: token.call } });
    expect(run.status).toBe('completed');
    const transfer = run.result?.functions.find((f) => f.name === 'transfer');
    expect(transfer?.return_values?.[0]?.value).toBe('true');
    expect(transfer?.events?.[0]?.name).toBe('Transfer');
    expect(run.contract?.call).toEqual(token.call);
  });

  it('compares each function’s gas with the user’s last run of the same contract and type, and the history shows the change', async () => {
    const who = await signIn(ctx);
    const body = { network: 'arbitrum', test_type: 'smart_contract', contract: { source: sample('counter').source } };
    const first = await runToEnd(who, body);
    expect(first.result?.functions.every((f) => f.gas_change === undefined)).toBe(true);
    const second = await runToEnd(who, body);
    expect(second.result?.functions.map((f) => f.gas_change)).toEqual(first.result?.functions.map(() => 0));
    const history = (await callAs(ctx, who, 'GET', '/test-runs')).body as { test_runs: { id: string; gas_delta: number | null; has_contract: boolean }[] };
    expect(history.test_runs.find((r) => r.id === second.id)).toMatchObject({ gas_delta: 0, has_contract: true });
  });

  it('refuses a bad contract with the form’s words and starts nothing', async () => {
    const who = await signIn(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ network: 'ethereum', test_type: 'smart_contract', contract: { source: '   ' } }, rewardsMessages.contractEmpty],
      [{ network: 'ethereum', test_type: 'smart_contract', contract: { source: 'x'.repeat(CONTRACT_SOURCE_MAX_BYTES + 1) } }, rewardsMessages.contractTooLarge],
      [{ network: 'ethereum', test_type: 'transaction', contract: { source: sample('token').source } }, rewardsMessages.contractCallRequired],
      [
        { network: 'ethereum', test_type: 'transaction', contract: { source: 'contract A {}', call: { function: 'a b', args: [] } } },
        rewardsMessages.contractFunctionInvalid,
      ],
      [{ test_type: 'smart_contract', contract: { source: 'contract A {}' } }, rewardsMessages.selectNetworkAndType],
    ];
    for (const [body, message] of cases) {
      const refused = await start(who, body);
      expect(errorOf(refused), message).toMatchObject({ status: 400, message });
    }
    expect(await ctx.sql`select 1 from rewards.test_runs where user_id = ${who.id}`).toHaveLength(0);
  });

  it('shows a run to its owner only', async () => {
    const [owner, other] = [await signIn(ctx), await signIn(ctx)];
    const started = await start(owner, { network: 'ethereum', test_type: 'security_audit', contract: { source: sample('vault').source } });
    const id = (started.body as { id: string }).id;
    expect((await callAs(ctx, other, 'GET', `/test-runs/${id}`)).status).toBe(404);
    expect((await callAs(ctx, owner, 'GET', '/test-runs/not-a-uuid')).status).toBe(400);
    expect((await callAs(ctx, owner, 'GET', `/test-runs/${id}`)).status).toBe(200);
  });

  it('20 contract runs started at once on one account take exactly the tests left today, and all finish', async () => {
    const who = await signIn(ctx);
    await ctx.sql`select rewards.ensure_account(${who.id})`;
    // Free tier (no FORGE): 100 a day, 95 used: 5 left for the 20.
    await ctx.sql`update rewards.starforge_tokens set token_amount = 0 where user_id = ${who.id}`;
    await ctx.sql`
      insert into rewards.test_runs (user_id, network, test_type, status, points_awarded, completed_at, created_at)
      select ${who.id}, 'ethereum', 'transaction', 'failed', 25, now(), greatest(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', now() - interval '1 minute')
      from generate_series(1, 95)`;
    const body = { network: 'sepolia', test_type: 'smart_contract', contract: { source: sample('counter').source } };
    const answers = await Promise.all(Array.from({ length: 20 }, () => start(who, body)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429).every((a) => errorOf(a).code === rewardsErrorCodes.dailyTestLimit)).toBe(true);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    // The service answers other requests while the engine works.
    expect((await callAs(ctx, who, 'GET', '/health')).status).toBe(200);
    await eventually(async () => {
      const [row] = await ctx.sql<{ running: number; completed: number }[]>`
        select count(*) filter (where status = 'running')::int as running, count(*) filter (where status = 'completed')::int as completed
        from rewards.test_runs where user_id = ${who.id} and contract_hash is not null`;
      expect(row).toEqual({ running: 0, completed: 5 });
    }, 60_000);
  }, 90_000);
});

/** Tests that each spin to the 10M gas limit: about 0.8 s of EVM work each, so a run of about 1.6 s. */
const slowSource = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Slow {
    uint256 n;
    function testSpinA() public { while (true) n++; }
    function testSpinB() public { while (true) n++; }
}
`;

const finishedOrder = async (ids: string[]) =>
  (await ctx.sql<{ id: string }[]>`select id from rewards.test_runs where id in ${ctx.sql(ids)} and status <> 'running' order by completed_at, id`).map(
    (r) => r.id,
  );

describe('the engine shared between users', () => {
  it('a run that overflows the compiler’s stack fails with a sentence, is not retried, and the next run of anyone works', async () => {
    const [attacker, other] = [await signIn(ctx), await signIn(ctx)];
    const deep = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Deep { function testSum() public pure returns (uint256 x) { x = ${Array.from({ length: 10_000 }, () => '1').join(' + ')}; } }
`;
    const crashed = await runToEnd(attacker, { network: 'sepolia', test_type: 'smart_contract', contract: { source: deep } });
    expect(crashed).toMatchObject({ status: 'failed', points_awarded: 25 });
    expect(crashed.summary).toMatch(/^The compiler ran out of stack space on this contract/);
    // Its job ended on the first attempt: no retry into the same crash.
    const [job] = await ctx.sql.unsafe<{ state: string; retryCount: number }[]>(
      `select state, retry_count from ${ctx.jobs.schema}.job where data->>'runId' = $1`,
      [crashed.id],
    );
    expect(job).toEqual({ state: 'completed', retryCount: 0 });
    const next = await runToEnd(other, { network: 'sepolia', test_type: 'smart_contract', contract: { source: sample('counter').source } });
    expect(next.summary).not.toMatch(/CompilerStack/);
    expect(next.status).toBe('completed');
  }, 90_000);

  it('a user’s runs wait behind each other, not in front of another user’s run', async () => {
    const [flooder, other] = [await signIn(ctx), await signIn(ctx)];
    const slow = { network: 'ethereum', test_type: 'smart_contract', contract: { source: slowSource } };
    const flood: string[] = [];
    for (let i = 0; i < 3; i++) {
      const started = await start(flooder, slow);
      expect(started.status).toBe(201);
      flood.push((started.body as { id: string }).id);
    }
    const started = await start(other, { network: 'sepolia', test_type: 'smart_contract', contract: { source: sample('counter').source } });
    expect(started.status).toBe(201);
    const counter = started.body as { id: string };
    await eventually(async () => expect(await finishedOrder([...flood, counter.id])).toHaveLength(4), 100_000);
    expect((await ctx.sql`select status from rewards.test_runs where id = ${counter.id}`)[0]?.status).toBe('completed');
    // The flooder's first run was under way; the other user's run went next, then the flooder's
    // others, in the order they were started.
    expect(await finishedOrder([...flood, counter.id])).toEqual([flood[0], counter.id, flood[1], flood[2]]);
  }, 150_000);

  it(`refuses a ${CONTRACT_RUNS_WAITING_MAX + 1}th contract run while ${CONTRACT_RUNS_WAITING_MAX} of the user’s wait, with a code, and takes it again once one finished`, async () => {
    const who = await signIn(ctx);
    const slow = { network: 'ethereum', test_type: 'smart_contract', contract: { source: slowSource } };
    const answers = await Promise.all(Array.from({ length: CONTRACT_RUNS_WAITING_MAX + 2 }, () => start(who, slow)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(CONTRACT_RUNS_WAITING_MAX);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(errorOf(answer)).toMatchObject({ status: 409, code: rewardsErrorCodes.contractRunsWaiting, message: rewardsMessages.contractRunsWaiting });
    }
    // A spec run (no contract) does not use the engine, and is not held back.
    expect((await start(who, { network: 'ethereum', test_type: 'smart_contract' })).status).toBe(201);
    await eventually(async () => {
      const [row] = await ctx.sql<{ n: number }[]>`
        select count(*)::int as n from rewards.test_runs where user_id = ${who.id} and contract_hash is not null and status <> 'running'`;
      expect(row?.n).toBeGreaterThan(0);
    }, 60_000);
    expect((await start(who, slow)).status).toBe(201);
    expect(await ctx.sql`select 1 from rewards.test_runs where user_id = ${who.id} and contract_hash is not null`).toHaveLength(CONTRACT_RUNS_WAITING_MAX + 1);
  }, 120_000);

  it('a run whose job failed on every attempt fails with a sentence, and hands the user’s turn to their next run', async () => {
    const who = await signIn(ctx);
    await ctx.sql`select rewards.ensure_account(${who.id})`;
    const source = sample('counter').source;
    // Two runs waiting, as the service leaves them: the first one's job gave up, the second has none yet.
    const [first, second] = await ctx.sql<{ id: string }[]>`
      insert into rewards.test_runs (user_id, network, test_type, contract_source, contract_hash, created_at)
      values (${who.id}, 'sepolia', 'smart_contract', ${source}, ${contractHash(source)}, now() - interval '2 seconds'),
             (${who.id}, 'sepolia', 'smart_contract', ${source}, ${contractHash(source)}, now() - interval '1 second')
      returning id`;
    expect(await giveUpContractRun(ctx.sql, ctx.jobs, first!.id)).toBe(true);
    const gaveUp = (await callAs(ctx, who, 'GET', `/test-runs/${first!.id}`)).body as TestRunDetail;
    expect(gaveUp).toMatchObject({ status: 'failed', summary: contractRunGaveUp, points_awarded: 25 });
    // Once only, and the next run got its job in the same transaction: it runs and finishes.
    expect(await giveUpContractRun(ctx.sql, ctx.jobs, first!.id)).toBe(false);
    await eventually(async () => (await ctx.sql`select status from rewards.test_runs where id = ${second!.id}`)[0]?.status === 'completed', 60_000);
  }, 90_000);
});
