import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CONTRACT_RUNS_WAITING_MAX,
  rewardsErrorCodes,
  rewardsMessages,
  SUITE_TEST_TYPES,
  suiteFileNameProblem,
  TEST_TYPES,
  type SuiteSource,
} from '@starforge/contracts/rewards';
import { createServiceApp, type Db } from '@starforge/service-kit';
import { dailyTestLimitOfDetail, rewardsSqlStates } from '@starforge/rewards-published/sql-states';
import { errorOf } from '@starforge/test-db/harness';
import { callAs, eventually, rewardsTestContext, signIn } from '../testing/harness';
import { suiteHash } from './contract-runs';
import { drainEngineRunOutbox, ENGINE_RUN_FINISHED_CHANNEL, startEngineRunOutbox } from './engine-run-outbox';

/**
 * rewards.start_engine_run (issue 28): another domain's run of the engine for a user, on a real
 * database, its job given by the outbox drainer, executed by the real engine.
 */
const ctx = rewardsTestContext();
const made: string[] = [];

afterAll(async () => {
  // Runs this file left marked are nobody's to drain (the database is shared with other files).
  await ctx.sql`update rewards.test_runs set job_wanted = false where user_id = any(${made}::uuid[])`;
});

const user = async (): Promise<string> => {
  const id = randomUUID();
  made.push(id);
  await ctx.sql`select rewards.ensure_account(${id})`;
  return id;
};

const CONTRACT: SuiteSource = { name: 'A.sol', content: '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\ncontract A {}\n' };

const start = (db: Db, userId: string, purpose: string, sources: unknown = [CONTRACT], testType = 'smart_contract', network = 'ethereum') =>
  db<{ id: string }[]>`select rewards.start_engine_run(${userId}, ${purpose}, ${testType}, ${network}, ${db.json(sources as never)}) as id`.then(
    ([row]) => row?.id as string,
  );

/** The SQLSTATE (and detail) a call ends in; null when it succeeds. */
const stateOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: { code?: string; detail?: string }) => ({ code: error.code, detail: error.detail }),
  );

/** Runs `work` in a transaction that is rolled back, answering its SQLSTATE (null: it would have worked). */
const tryIn = async (work: (tx: Db) => Promise<unknown>) => {
  const rollback = new Error('rollback');
  const state = await stateOf(
    ctx.sql.begin(async (tx) => {
      await work(tx);
      throw rollback;
    }),
  );
  return state?.code === undefined ? null : state;
};

const runRow = async (id: string, db: Db = ctx.sql) => {
  const [row] = await db<
    { purpose: string; status: string; jobWanted: boolean; contractHash: string; sources: string; testType: string; network: string }[]
  >`select purpose, status, job_wanted, contract_hash, contract_sources::text as sources, test_type, network from rewards.test_runs where id = ${id}`;
  return row && { ...row, sources: JSON.parse(row.sources) as unknown };
};

/** Free tier (no FORGE): 100 tests a day; `n` of them already started today. */
const withTestsToday = async (userId: string, n: number) => {
  await ctx.sql`update rewards.starforge_tokens set token_amount = 0 where user_id = ${userId}`;
  await ctx.sql`
    insert into rewards.test_runs (user_id, network, test_type, created_at)
    select ${userId}, 'ethereum', 'transaction', greatest(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', now() - interval '1 minute')
    from generate_series(1, ${n}::int)`;
};

const testsToday = async (userId: string) => (await ctx.sql<{ n: number }[]>`select rewards.tests_today(${userId}) as n`)[0]?.n;

describe('rewards.start_engine_run', () => {
  it('inserts a running suite run of its purpose, hashed as rewards hashes a suite, marked for its job, and tells the user', async () => {
    const who = await user();
    const sources = [{ name: 'test/B.t.sol', content: 'contract B {}', extra: 'dropped' }, CONTRACT];
    // Read before the commit: an engine worker of another test file, draining every mark, may give it its job at once.
    const [id, row] = await ctx.sql.begin(async (tx) => {
      const started = await start(tx, who, 'proof', sources, 'security_audit', 'sepolia');
      return [started, await runRow(started, tx)] as const;
    });
    expect(row).toEqual({
      purpose: 'proof',
      status: 'running',
      jobWanted: true,
      contractHash: suiteHash([{ name: 'test/B.t.sol', content: 'contract B {}' }, CONTRACT]),
      sources: [{ name: 'test/B.t.sol', content: 'contract B {}' }, CONTRACT],
      testType: 'security_audit',
      network: 'sepolia',
    });
    const events = await ctx.sql<{ type: string; data: { runId: string } }[]>`select type, data from events.events where user_id = ${who} order by id`;
    expect(events.map((e) => [e.type, e.data.runId])).toEqual([['rewards.test_run_started', id]]);
    // The user's next run waits for this one: its job comes when this one finishes.
    const second = await start(ctx.sql, who, 'code_check');
    expect(await runRow(second)).toMatchObject({ purpose: 'code_check', jobWanted: false });
  });

  it('hashes a suite in SQL exactly as suiteHash does, whatever the names and contents hold', async () => {
    const sources: SuiteSource[] = [
      { name: 'b.sol', content: 'quote " backslash \\ slash / tab \t newline \n cr \r' },
      { name: 'B.sol', content: 'control \u0001\u001f del \u007f' },
      { name: 'a/x.sol', content: 'é ü ß 漢字 emoji 🦊 separators \u2028\u2029' },
      { name: 'a.sol', content: '' },
      { name: 'a-b.sol', content: '{"json": [1, 2]}' },
      { name: 'a_b.sol', content: ' ' },
    ];
    const [row] = await ctx.sql<{ hash: string }[]>`select rewards.suite_hash(${ctx.sql.json(sources as never)}) as hash`;
    expect(row?.hash).toBe(suiteHash(sources));
    expect(suiteHash([...sources].reverse())).toBe(suiteHash(sources));
  });

  it('takes the test types of a suite, the product’s networks and proof, code_check or recheck, and nothing else (22023)', async () => {
    const who = await user();
    const accepted: string[] = [];
    for (const type of TEST_TYPES) if ((await tryIn((tx) => start(tx, who, 'proof', [CONTRACT], type))) === null) accepted.push(type);
    expect(accepted.sort()).toEqual([...SUITE_TEST_TYPES].sort());
    for (const purpose of ['test', 'Proof', '', null]) expect(await tryIn((tx) => start(tx, who, purpose as string))).toMatchObject({ code: '22023' });
    expect(await tryIn((tx) => start(tx, who, 'recheck', [CONTRACT], 'smart_contract', 'solana'))).toMatchObject({ code: '22023' });
    expect(await tryIn((tx) => start(tx, null as unknown as string, 'proof'))).toMatchObject({ code: '22004' });
  });

  it('checks the sources as suiteSourcesSchema does, as far as SQL can (22023), file names by the same rule', async () => {
    const who = await user();
    const file = (name: string, content = 'contract X {}') => ({ name, content });
    const refused = [
      null,
      {},
      [],
      Array.from({ length: 17 }, (_, i) => file(`F${i}.sol`)),
      [{ name: 'A.sol' }],
      [{ name: 1, content: 'x' }],
      [file('A.sol'), file('A.sol')],
      [file('A.sol', 'x'.repeat(64 * 1024 + 1))],
      Array.from({ length: 5 }, (_, i) => file(`F${i}.sol`, 'x'.repeat(60 * 1024))),
      [file('A.sol', ' \n\t ')],
    ];
    for (const sources of refused)
      expect(await tryIn((tx) => start(tx, who, 'proof', sources)), JSON.stringify(sources)?.slice(0, 80)).toMatchObject({ code: '22023' });
    const names = [
      'Vault.sol',
      'src/Vault.sol',
      'test/Vault.t.sol',
      'a/b/c/d/E.sol',
      'a/b/c/d/e/F.sol',
      '../Vault.sol',
      'src/./V.sol',
      '/abs.sol',
      'forge-std/Test.sol',
    ];
    names.push('@openzeppelin/x.sol', 'Vault.txt', 'my vault.sol', '.hidden.sol', `${'x'.repeat(64)}.sol`, 'é.sol', '-a.sol', 'a..b.sol');
    for (const name of names) {
      const state = await tryIn((tx) => start(tx, who, 'proof', [file(name)]));
      expect(state === null, name).toBe(suiteFileNameProblem(name) === null);
    }
  });
});

describe('the daily test limit and the cap on runs waiting, one rule for every start', () => {
  it('a proof and a code check count against the limit and are refused at it (RW006, the route’s words); a recheck neither', async () => {
    const who = await user();
    await withTestsToday(who, 98);
    await start(ctx.sql, who, 'proof');
    await start(ctx.sql, who, 'code_check');
    expect(await testsToday(who)).toBe(100);
    for (const purpose of ['proof', 'code_check']) {
      const refused = await stateOf(start(ctx.sql, who, purpose));
      expect(refused?.code).toBe('RW006');
      expect(dailyTestLimitOfDetail(refused?.detail ?? '')).toEqual({
        message:
          'Your tier allows 100 tests a day. Bronze allows 250 a day from 1,000 FORGE, available or staked (you have 0); ' +
          'each completed test earns 25 FORGE, up to 500 a day. Or come back tomorrow.',
        retryAfterSeconds: expect.any(Number),
      });
    }
    // A recheck is not refused by the limit and does not count.
    await start(ctx.sql, who, 'recheck');
    expect(await testsToday(who)).toBe(100);
    // Gold has no limit; its detail names no next tier.
    await ctx.sql`update rewards.starforge_tokens set staked_amount = 20000 where user_id = ${who}`;
    expect(await stateOf(start(ctx.sql, who, 'recheck'))).toBeNull();
  });

  it('a proof run started today takes a test from the user’s own POST /test-runs, and the summary counts it', async () => {
    const who = await signIn(ctx);
    made.push(who.id);
    await ctx.sql`select rewards.ensure_account(${who.id})`;
    await withTestsToday(who.id, 99);
    await start(ctx.sql, who.id, 'proof');
    const summary = await callAs(ctx, who, 'GET', '/summary');
    expect((summary.body as { tests_today: number }).tests_today).toBe(100);
    const refused = await callAs(ctx, who, 'POST', '/test-runs', { body: { network: 'ethereum', test_type: 'transaction' } });
    expect(errorOf(refused)).toMatchObject({ status: 429, code: rewardsErrorCodes.dailyTestLimit });
    expect(errorOf(refused).message).toMatch(/^Your tier allows 100 tests a day\./);
  });

  it(`refuses any purpose while ${CONTRACT_RUNS_WAITING_MAX} of the user’s contract runs are unfinished (RW007)`, async () => {
    const who = await user();
    for (let i = 0; i < CONTRACT_RUNS_WAITING_MAX; i++) await start(ctx.sql, who, i % 2 ? 'proof' : 'recheck');
    for (const purpose of ['proof', 'code_check', 'recheck']) expect((await stateOf(start(ctx.sql, who, purpose)))?.code).toBe('RW007');
  });

  it('another domain that registers rewardsSqlStates answers what rewards’ route answers: 429 with its words and Retry-After, 409 contract_runs_waiting', async () => {
    const who = await user();
    const app = createServiceApp('bounties', ctx.sql, { sqlStates: rewardsSqlStates });
    app.post('/proof', async (c) => {
      await ctx.sql.begin((tx) => start(tx, who, 'proof'));
      return c.json({ ok: true });
    });
    const post = () => app.request('/api/bounties/proof', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await withTestsToday(who, 100);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: {
        code: 'daily_test_limit',
        message:
          'Your tier allows 100 tests a day. Bronze allows 250 a day from 1,000 FORGE, available or staked (you have 0); ' +
          'each completed test earns 25 FORGE, up to 500 a day. Or come back tomorrow.',
      },
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    await ctx.sql`update rewards.starforge_tokens set staked_amount = 20000 where user_id = ${who}`;
    for (let i = 0; i < CONTRACT_RUNS_WAITING_MAX; i++) expect((await post()).status).toBe(200);
    const waiting = await post();
    expect(waiting.status).toBe(409);
    expect(await waiting.json()).toEqual({ error: { code: 'contract_runs_waiting', message: rewardsMessages.contractRunsWaiting } });
  });
});

describe('the outbox: a run whose turn came gets its job', () => {
  const jobsOf = async (ids: string[]) => {
    const schema = ctx.jobs.schema;
    const rows = await ctx.sql.unsafe<{ runId: string }[]>(
      `select data ->> 'runId' as run_id from ${schema}.job where name = 'test-run.execute' and data ->> 'runId' = any($1)`,
      [ids],
    );
    return rows.map((r) => r.runId).sort();
  };

  it('exactly once with two drainers racing', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => user()));
    // Started and, in the same transaction, no longer running (so this file's engine worker runs none of them) nor
    // marked (so no other file's drainer takes them); marked again just before the race.
    const ids = await ctx.sql.begin(async (tx) => {
      const started = await Promise.all(users.map((u) => start(tx, u, 'proof')));
      await tx`update rewards.test_runs set status = 'failed', completed_at = now(), result = '{}', job_wanted = false where id = any(${started}::uuid[])`;
      return started;
    });
    await ctx.sql`update rewards.test_runs set job_wanted = true where id = any(${ids}::uuid[])`;
    const [a, b] = await Promise.all([drainEngineRunOutbox(ctx.sql, ctx.jobs, users), drainEngineRunOutbox(ctx.sql, ctx.jobs, users)]);
    expect([...a, ...b].sort()).toEqual([...ids].sort());
    expect(await jobsOf(ids)).toEqual([...ids].sort());
    expect(await drainEngineRunOutbox(ctx.sql, ctx.jobs, users)).toEqual([]);
    const [left] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from rewards.test_runs where id = any(${ids}::uuid[]) and job_wanted`;
    expect(left?.n).toBe(0);
  });
});

// A vault that sends before it books, and a proof that drains it through reentrancy: its exploit test passes.
const VAULT = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Vault {
  mapping(address => uint256) public balanceOf;
  function deposit() external payable { balanceOf[msg.sender] += msg.value; }
  function withdraw() external {
    uint256 amount = balanceOf[msg.sender];
    (bool ok, ) = msg.sender.call{value: amount}("");
    require(ok, "send failed");
    balanceOf[msg.sender] = 0;
  }
}
`;
const PROOF = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import "forge-std/Test.sol";
import "Vault.sol";
contract Thief {
  Vault vault;
  constructor(Vault v) payable { vault = v; }
  function steal() external { vault.deposit{value: 1 ether}(); vault.withdraw(); }
  receive() external payable { if (address(vault).balance >= 1 ether) vault.withdraw(); }
}
contract ProofTest is Test {
  function testDrainsTheVault() public {
    Vault vault = new Vault();
    vault.deposit{value: 5 ether}();
    Thief thief = new Thief{value: 1 ether}(vault);
    thief.steal();
    assertEq(address(vault).balance, 0);
  }
}
`;

describe('an engine run through the real engine', () => {
  it('gets its job from the outbox (the user’s own run waits behind it), finishes with no points, shows in engine_runs with every trace, and says so on NOTIFY', async () => {
    const who = await signIn(ctx);
    made.push(who.id);
    await ctx.sql`select rewards.ensure_account(${who.id})`;
    const finished: { id: string; purpose: string }[] = [];
    const listening = await ctx.sql.listen(ENGINE_RUN_FINISHED_CHANNEL, (payload) => finished.push(JSON.parse(payload)));
    const outboxes = await Promise.all([0, 1].map(() => startEngineRunOutbox(ctx.sql, ctx.jobs, { users: () => [who.id], sweepMs: 60_000 })));
    try {
      const before = await ctx.sql<{ totalTests: number; points: string }[]>`
        select s.total_tests, b.points_balance as points from rewards.leaderboard_stats s join rewards.user_balances b using (user_id) where user_id = ${who.id}`;
      const id = await ctx.sql.begin((tx) =>
        start(tx, who.id, 'proof', [
          { name: 'Vault.sol', content: VAULT },
          { name: 'test/Proof.t.sol', content: PROOF },
        ]),
      );
      // Its turn is now: the NOTIFY wakes the drainers (their sweep is a minute away), one gives it its job.
      await eventually(async () => expect((await runRow(id))?.jobWanted).toBe(false), 5_000);
      // The user's own contract run, started meanwhile, waits for the proof's turn to end.
      const own = await callAs(ctx, who, 'POST', '/test-runs', {
        body: { network: 'ethereum', test_type: 'smart_contract', contract: { sources: [CONTRACT] } },
      });
      expect(own.status).toBe(201);
      let run:
        | { status: string; purpose: string; result: { summary: string; functions: { name: string; outcome: string; test?: { trace?: unknown[] } }[] } | null }
        | undefined;
      await eventually(async () => {
        [run] = await ctx.sql<NonNullable<typeof run>[]>`select status, purpose, result from rewards.engine_runs where id = ${id}`;
        expect(run?.status).not.toBe('running');
      }, 60_000);
      expect(run?.status).toBe('completed');
      expect(run?.purpose).toBe('proof');
      const exploit = run?.result?.functions.find((f) => f.name === 'testDrainsTheVault');
      expect(exploit?.outcome).toBe('passed');
      // traces: 'all' for a proof: the passing exploit's calls into the vault are there.
      expect(exploit?.test?.trace).toEqual(expect.arrayContaining([expect.objectContaining({ contract: 'Vault', function: 'withdraw()' })]));
      await eventually(() => expect(finished).toContainEqual({ id, purpose: 'proof' }), 5_000);

      // No points, no FORGE, no counters; the user heard it finish with 0 points and its purpose.
      const [row] = await ctx.sql<{ pointsAwarded: number }[]>`select points_awarded from rewards.test_runs where id = ${id}`;
      expect(row?.pointsAwarded).toBe(0);
      expect(await ctx.sql`select 1 from rewards.transactions where source_id = ${id}`).toHaveLength(0);
      expect(await ctx.sql`select 1 from rewards.forge_grants where source_id = ${id}`).toHaveLength(0);
      const ownId = (own.body as { id: string }).id;
      await eventually(async () => {
        const [ownRun] = await ctx.sql<{ status: string }[]>`select status from rewards.test_runs where id = ${ownId}`;
        expect(ownRun?.status).not.toBe('running');
      }, 60_000);
      const after = await ctx.sql<{ totalTests: number; points: string }[]>`
        select s.total_tests, b.points_balance as points from rewards.leaderboard_stats s join rewards.user_balances b using (user_id) where user_id = ${who.id}`;
      // The user's own run counted once (+1 test, its points); the proof nothing.
      expect(after[0]?.totalTests).toBe((before[0]?.totalTests ?? 0) + 1);
      const [ownPoints] = await ctx.sql<{ points: number }[]>`select points_awarded as points from rewards.test_runs where id = ${ownId}`;
      expect(Number(after[0]?.points) - Number(before[0]?.points)).toBeGreaterThanOrEqual(ownPoints?.points ?? 0);
      const [event] = await ctx.sql<{ data: unknown }[]>`
        select data from events.events where user_id = ${who.id} and type = 'rewards.test_run_finished' and data ->> 'runId' = ${id}`;
      expect(event?.data).toEqual({ runId: id, status: 'completed', points: 0, purpose: 'proof' });

      // The Testing Engine's history and run page are the user's own runs; today's tests count both.
      const history = (await callAs(ctx, who, 'GET', '/test-runs')).body as { test_runs: { id: string }[]; total: number };
      expect(history.test_runs.map((r) => r.id)).toEqual([ownId]);
      expect(history.total).toBe(1);
      expect((await callAs(ctx, who, 'GET', `/test-runs/${id}`)).status).toBe(404);
      expect((await callAs(ctx, who, 'GET', `/test-runs/${id}/gas`)).status).toBe(404);
      expect(((await callAs(ctx, who, 'GET', '/summary')).body as { tests_today: number }).tests_today).toBe(2);
    } finally {
      await Promise.all(outboxes.map((o) => o.stop()));
      await listening.unlisten();
    }
  }, 120_000);
});
