import { describe, expect, it } from 'vitest';
import { SAMPLE_CONTRACTS } from '@starforge/contracts/rewards';
import { gasHistorySchema, type ContractRunResult, type GasHistory } from '@starforge/contracts/rewards';
import { errorOf } from '@starforge/test-db/harness';
import { contractHash } from '../domain/contract-runs';
import { noEarlierRun } from '../domain/gas-history';
import { oneFileResult, suiteResult } from '../testing/gas-results';
import { callAs, rewardsTestContext, runToEnd as runToEndIn, signIn, type TestUser } from '../testing/harness';

/**
 * GET /test-runs/:id/gas on a real database: finished runs are inserted with results built from
 * the wire schema (the suite runner's results do not exist yet), as the engine would keep them.
 */
const ctx = rewardsTestContext();

let clock = 0;
/**
 * A finished contract run of the user's with this result: each one finishes a minute after the
 * last, a day ago, or `now` (after the runs the engine finished before it).
 */
const finishedRun = async (who: TestUser, result: ContractRunResult, source = 'contract A {}', now = false): Promise<string> => {
  clock += 1;
  const at = now ? ctx.sql`now()` : ctx.sql`now() - interval '1 day' + ${clock} * interval '1 minute'`;
  const [row] = await ctx.sql<{ id: string }[]>`
    insert into rewards.test_runs (user_id, network, test_type, status, contract_source, contract_hash, result, gas_used, created_at, completed_at)
    values (
      ${who.id}, ${result.network}, ${result.test_type}, ${result.status}, ${source}, ${contractHash(source)}, ${ctx.sql.json(result as never)},
      ${result.total_gas || null}, ${at}, ${at}
    )
    returning id`;
  if (!row) throw new Error('not inserted');
  return row.id;
};

const gasOf = async (who: TestUser, runId: string, query = ''): Promise<GasHistory> => {
  const res = await callAs(ctx, who, 'GET', `/test-runs/${runId}/gas${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return gasHistorySchema.parse(res.body);
};

const vault = (withdraw: number, deposit = 40_000, files?: string[]) =>
  suiteResult({
    tests: [
      { signature: 'testDeposit()', gas: deposit },
      { signature: 'testWithdraw(uint256)', gas: withdraw, kind: 'fuzz', median: withdraw },
    ],
    functions: [{ function: 'withdraw(uint256)', mean: withdraw - 20_000 }],
    deployments: [{ contract: 'Vault', gas: 250_000 + withdraw, size: 1_000 }],
    ...(files ? { files } : {}),
  });

describe('GET /test-runs/:id/gas', () => {
  it('compares a run with the suite’s run before it, per test, function and deployment, whatever the sources became', async () => {
    const who = await signIn(ctx);
    const first = await finishedRun(who, vault(60_000), 'contract Vault { /* first */ }');
    const second = await finishedRun(who, vault(61_000, 40_100), 'contract Vault { /* edited */ }');
    const gas = await gasOf(who, second);
    expect(gas.suite_key).toBe('smart_contract/ethereum/files:src/Vault.sol,test/Vault.t.sol');
    expect(gas.against?.id).toBe(first);
    expect(gas.threshold).toEqual({ pct: 1, gas: 500 });
    expect(gas.runs.map((r) => r.id)).toEqual([first, second]);
    expect(gas.tests.map((r) => [r.key, r.before, r.after, r.delta, r.verdict, r.series])).toEqual([
      ['VaultTest:testDeposit()', 40_000, 40_100, 100, 'within', [40_000, 40_100]],
      ['VaultTest:testWithdraw(uint256)', 60_000, 61_000, 1_000, 'regression', [60_000, 61_000]],
    ]);
    expect(gas.functions).toMatchObject([{ key: 'Vault.withdraw(uint256)', before: 40_000, after: 41_000, percent: 2.5, verdict: 'regression' }]);
    expect(gas.deployments).toMatchObject([{ key: 'Vault', before: 310_000, after: 311_000, size_before: 1_000, size_after: 1_000, verdict: 'within' }]);
    expect(gas.regressions).toBe(2);
    // The first run has nothing before it: every figure is new.
    const earliest = await gasOf(who, first);
    expect(earliest.against).toBeNull();
    expect(earliest.tests.map((r) => r.verdict)).toEqual(['added', 'added']);
  });

  it('compares with any earlier run of the suite named by `against`, with the threshold asked for', async () => {
    const who = await signIn(ctx);
    const oldest = await finishedRun(who, vault(50_000));
    await finishedRun(who, vault(60_000));
    const latest = await finishedRun(who, vault(60_300));
    const gas = await gasOf(who, latest, `?against=${oldest}&threshold_pct=50&threshold_gas=0`);
    expect(gas.against?.id).toBe(oldest);
    expect(gas.threshold).toEqual({ pct: 50, gas: 0 });
    expect(gas.tests.find((r) => r.name === 'testWithdraw(uint256)')).toMatchObject({ before: 50_000, after: 60_300, percent: 20.6, verdict: 'within' });
    // No tolerance at all: the 300 gas since the run before counts.
    const strict = await gasOf(who, latest, '?threshold_pct=0&threshold_gas=0');
    expect(strict.tests.find((r) => r.name === 'testWithdraw(uint256)')).toMatchObject({ delta: 300, verdict: 'regression' });
  });

  it('keeps suites apart (other files, another network or test type) and a one-file run by its contract’s name', async () => {
    const who = await signIn(ctx);
    const mine = await finishedRun(who, vault(60_000));
    await finishedRun(who, vault(30_001, 1, ['src/Other.sol']));
    await finishedRun(who, { ...vault(30_002), network: 'polygon' });
    await finishedRun(who, { ...vault(30_003), test_type: 'gas_optimization' });
    const next = await finishedRun(who, vault(60_000));
    const gas = await gasOf(who, next);
    expect(gas.runs.map((r) => r.id)).toEqual([mine, next]);

    const counter = (gas: number) =>
      oneFileResult({ contract: 'CounterTest', functions: [{ signature: 'testIncrement()', gas }], deployment: { gas: 120_000, size: 600 } });
    const a = await finishedRun(who, counter(30_000), 'contract Counter { uint a; }');
    const b = await finishedRun(who, counter(29_000), 'contract Counter { uint b; }');
    const oneFile = await gasOf(who, b);
    expect(oneFile.suite_key).toBe('smart_contract/ethereum/contract:CounterTest');
    expect(oneFile.against?.id).toBe(a);
    expect(oneFile.tests).toMatchObject([{ key: 'CounterTest:testIncrement()', delta: -1_000, verdict: 'improvement' }]);
    expect(oneFile.deployments).toMatchObject([{ key: 'CounterTest', delta: 0 }]);
  });

  it('charts the suite’s last 20 runs up to this one, oldest first', async () => {
    const who = await signIn(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await finishedRun(who, vault(60_000 + i)));
    const gas = await gasOf(who, ids[21] as string);
    expect(gas.runs.map((r) => r.id)).toEqual(ids.slice(2, 22));
    expect(gas.tests.find((r) => r.name === 'testWithdraw(uint256)')?.series).toEqual(ids.slice(2, 22).map((_, i) => 60_002 + i));
    expect(gas.against?.id).toBe(ids[20]);
    // Any earlier run of the suite may be named, beyond the 20 too.
    expect((await gasOf(who, ids[21] as string, `?against=${ids[0]}`)).against?.id).toBe(ids[0]);
  });

  it('answers 404 for a stranger’s run, for `against` that is a stranger’s, later, another suite’s or the run itself; 400 for bad input', async () => {
    const who = await signIn(ctx);
    const stranger = await signIn(ctx);
    const theirs = await finishedRun(stranger, vault(60_000));
    const earlier = await finishedRun(who, vault(60_000));
    const mine = await finishedRun(who, vault(60_000));
    const later = await finishedRun(who, vault(60_000));
    const otherSuite = await finishedRun(who, vault(60_000, 1, ['A.sol']));
    expect(errorOf(await callAs(ctx, stranger, 'GET', `/test-runs/${mine}/gas`))).toMatchObject({ status: 404 });
    for (const against of [theirs, later, otherSuite, mine]) {
      expect(errorOf(await callAs(ctx, who, 'GET', `/test-runs/${mine}/gas?against=${against}`)), against).toMatchObject({
        status: 404,
        message: noEarlierRun,
      });
    }
    expect((await gasOf(who, mine, `?against=${earlier}`)).against?.id).toBe(earlier);
    for (const query of ['?against=nope', '?threshold_pct=101', '?threshold_pct=-1', '?threshold_gas=1.5', '?threshold_gas=20000000']) {
      expect(errorOf(await callAs(ctx, who, 'GET', `/test-runs/${mine}/gas${query}`)), query).toMatchObject({ status: 400 });
    }
    expect(errorOf(await callAs(ctx, who, 'GET', '/test-runs/not-a-uuid/gas'))).toMatchObject({ status: 400 });
  });

  it('has nothing to compare for a run that measured no gas or is still running', async () => {
    const who = await signIn(ctx);
    const broken = await finishedRun(who, { ...oneFileResult({ contract: 'X', functions: [] }), contract_name: null, status: 'failed' });
    const gas = await gasOf(who, broken);
    expect(gas).toMatchObject({ suite_key: null, against: null, runs: [], tests: [], functions: [], deployments: [], regressions: 0 });
    const [running] = await ctx.sql<{ id: string }[]>`
      insert into rewards.test_runs (user_id, network, test_type, contract_source, contract_hash)
      values (${who.id}, 'ethereum', 'smart_contract', 'contract A {}', ${contractHash('contract A {}')}) returning id`;
    expect((await gasOf(who, running?.id as string)).runs).toEqual([]);
  });
});

describe('rewards.gas_suite_key', () => {
  const keyOf = async (result: string | null) =>
    (await ctx.sql<{ key: string | null }[]>`select rewards.gas_suite_key('smart_contract', 'ethereum', ${result}::text::jsonb) as key`)[0]?.key;

  it('names a suite by its sorted file names and never raises: a result of another shape has no key', async () => {
    expect(await keyOf('{"functions": [{}], "suite": {"files": ["b.sol", "a/B.sol", "A.sol"], "deployments": []}}')).toBe(
      'smart_contract/ethereum/files:A.sol,a/B.sol,b.sol',
    );
    for (const shape of [
      null,
      'null',
      '[]',
      '{"functions": 3, "contract_name": "A"}',
      '{"functions": [], "suite": {"files": ["a.sol"], "deployments": []}}',
      '{"functions": [{}], "suite": {"files": "a.sol", "deployments": []}}',
      '{"functions": [{}], "suite": {"files": ["a.sol"], "deployments": 5}}',
      '{"functions": [{}], "contract_name": null, "deployment": {}}',
      '{"functions": [], "contract_name": "A", "deployment": null}',
    ]) {
      expect(await keyOf(shape), String(shape)).toBeNull();
    }
  });
});

describe('a run started with gas_check (forge snapshot --check, per test and per function)', () => {
  const counter = SAMPLE_CONTRACTS.find((s) => s.id === 'counter')?.source ?? '';

  const runToEnd = (who: TestUser, body: Record<string, unknown>) => runToEndIn(ctx, who, body);

  /** The suite's last completed run as the Counter sample's, with one test 2,000 gas cheaper than the real one. */
  const cheaperBaseline = async (who: TestUser, real: ContractRunResult) => {
    const cheaper: ContractRunResult = {
      ...real,
      functions: real.functions.map((f) => (f.name === 'testIncrement' ? { ...f, gas_used: f.gas_used - 2_000 } : f)),
    };
    return finishedRun(who, cheaper, counter, true);
  };

  it('fails a run that passed when a test costs more than the threshold above the suite’s last completed run, naming it', async () => {
    const who = await signIn(ctx);
    const body = { network: 'ethereum', test_type: 'smart_contract', contract: { source: counter } };
    const plain = await runToEnd(who, body);
    expect(plain.status).toBe('completed');
    const baseline = await cheaperBaseline(who, plain.result as ContractRunResult);

    const checked = await runToEnd(who, { ...body, gas_check: {} });
    expect(checked.status).toBe('failed');
    expect(checked.points_awarded).toBe(25);
    expect(checked.summary).toMatch(
      /^Gas check failed: CounterTest:testIncrement\(\) costs 2,000 gas more than in the suite's last completed run \(\+[0-9.]+ %\)/,
    );
    expect(checked.result?.gas_check).toMatchObject({ threshold: { pct: 1, gas: 500 }, against_run_id: baseline, regressions: 1, worst: { delta: 2_000 } });
    // Its gas page compares with what the check compared with, at the check's threshold.
    const gas = await gasOf(who, checked.id);
    expect(gas.against?.id).toBe(baseline);
    expect(gas.tests.find((r) => r.name === 'testIncrement()')).toMatchObject({ delta: 2_000, verdict: 'regression' });

    // A run failed by its check is no baseline: the next checked run still compares with the cheaper one…
    const again = await runToEnd(who, { ...body, gas_check: { threshold_gas: 0 } });
    expect(again.result?.gas_check?.against_run_id).toBe(baseline);
    // …and a threshold that allows 2,000 gas lets it pass, the check kept in the result.
    const allowed = await runToEnd(who, { ...body, gas_check: { threshold_gas: 2_000, threshold_pct: 0 } });
    expect(allowed.status).toBe('completed');
    expect(allowed.result?.gas_check).toMatchObject({ threshold: { pct: 0, gas: 2_000 }, regressions: 0, worst: null });
    expect((await gasOf(who, allowed.id)).threshold).toEqual({ pct: 0, gas: 2_000 });
  });

  it('without gas_check the same regression does not fail the run; gas_check without a contract is refused', async () => {
    const who = await signIn(ctx);
    const body = { network: 'optimism', test_type: 'smart_contract', contract: { source: counter } };
    const plain = await runToEnd(who, body);
    await cheaperBaseline(who, plain.result as ContractRunResult);
    const unchecked = await runToEnd(who, body);
    expect(unchecked.status).toBe('completed');
    expect(unchecked.result?.gas_check).toBeUndefined();
    const refused = await callAs(ctx, who, 'POST', '/test-runs', { body: { network: 'ethereum', test_type: 'smart_contract', gas_check: {} } });
    expect(errorOf(refused)).toMatchObject({ status: 400 });
    const badThreshold = await callAs(ctx, who, 'POST', '/test-runs', { body: { ...body, gas_check: { threshold_pct: 500 } } });
    expect(errorOf(badThreshold)).toMatchObject({ status: 400, message: expect.stringContaining('threshold_pct') });
  });
});
