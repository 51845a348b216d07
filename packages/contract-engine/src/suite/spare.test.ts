import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEnginePool } from '../pool';
import { runSuite } from './run';
import { dropSpare, sparePid } from './spare';
import { isGone, suiteChildren, waitUntil } from './testing/children';
import { compileFixture } from './testing/fixture';
import { QUICK_TEST } from './testing/limits';

// Real solc, real EDR, real child processes.

const SLOW = { timeout: 120_000 };
const quick = compileFixture({ 'test/Quick.t.sol': QUICK_TEST });
const limits = { timeMs: 60_000, memoryMb: 1_536, gasPerCall: 1_000_000 };

afterAll(() => dropSpare());

describe('the warm spare child', () => {
  it('hands the next run the child already waiting, and kills each child after its one run', SLOW, async () => {
    const first = await runSuite(quick, { limits });
    expect(first.failure).toBeNull();
    expect(await waitUntil(() => sparePid() !== null, 5_000)).toBe(true);
    const waiting = sparePid()!;
    expect(waiting).not.toBe(first.child.pid);
    expect(await waitUntil(() => isGone(first.child.pid!), 5_000)).toBe(true);

    const second = await runSuite(quick, { limits });
    expect(second).toMatchObject({ failure: null, suite: { tests_passed: 1 } });
    expect(second.child.pid).toBe(waiting);
    expect(await waitUntil(() => isGone(waiting), 5_000)).toBe(true);
    // And another spare waits for the run after.
    expect(sparePid()).not.toBe(waiting);
  });

  it('gives a run from a spare its whole time limit, counted from when the run is handed over', SLOW, async () => {
    await runSuite(quick, { limits: { ...limits, timeMs: 1_500 } });
    expect(await waitUntil(() => sparePid() !== null, 5_000)).toBe(true);
    const waiting = sparePid();
    // The spare has now lived longer than the next run's time limit.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const outcome = await runSuite(quick, { limits: { ...limits, timeMs: 1_500 } });
    expect(outcome.child.pid).toBe(waiting);
    expect(outcome).toMatchObject({ failure: null, suite: { tests_passed: 1 } });
  });

  it('does not serve a run with another memory cap: that run gets a child spawned under its own cap', SLOW, async () => {
    await runSuite(quick, { limits });
    expect(await waitUntil(() => sparePid() !== null, 5_000)).toBe(true);
    const waiting = sparePid()!;
    const outcome = await runSuite(quick, { limits: { ...limits, memoryMb: 1_024 } });
    expect(outcome).toMatchObject({ failure: null, suite: { tests_passed: 1 } });
    expect(outcome.child.pid).not.toBe(waiting);
    expect(await waitUntil(() => isGone(waiting), 5_000)).toBe(true);
  });

  it('keeps no process alive: a process that ran a suite exits on its own, and its spare with it', SLOW, async () => {
    const script = fileURLToPath(new URL('./testing/one-run.ts', import.meta.url));
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', script], { timeout: 60_000 }, (error, out) => (error ? reject(error) : resolve(out)));
    });
    const { passed, spare } = JSON.parse(stdout) as { passed: number; spare: number };
    expect(passed).toBe(1);
    expect(await waitUntil(() => isGone(spare), 5_000)).toBe(true);
  });

  it('ends with the pool: closing it leaves none of its children behind', SLOW, async () => {
    dropSpare();
    const before = new Set(suiteChildren());
    const pool = createEnginePool({ size: 1, runTimeoutMs: 60_000, memoryMb: 512 });
    const result = await pool.run({ source: '', sources: [{ name: 'test/Quick.t.sol', content: QUICK_TEST }], testType: 'smart_contract', network: 'sepolia' });
    expect(result.status).toBe('completed');
    const mine = () => suiteChildren().filter((pid) => !before.has(pid));
    // The worker thread's spare, waiting for the pool's next run.
    expect(await waitUntil(() => mine().length === 1, 5_000)).toBe(true);
    await pool.close();
    expect(await waitUntil(() => mine().every(isGone), 5_000)).toBe(true);
  });
});
