import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEnginePool, type EnginePool, type EngineRequest, type EngineResult } from '@starforge/contract-engine';
import type { SuiteSource } from '@starforge/contracts/rewards';
import { hardhatAnchor } from './contracts-hardhat-anchor';
import { HEADER, issueSuite } from './contracts-suite';
import { describeForeign, watchForeignCpu } from './lib/foreign-cpu';
import { atMost, type BenchResult, type Figure } from './lib/report';
import { median, sum } from './lib/stats';

const WARM_RUNS = 5;
/** 20 fuzz tests of 256 runs: 5,120 runs, since a run cannot ask for more than 256 a test (see the notes). */
const MANY_FUZZ_TESTS = 20;

/** The function both engines call: a little storage work (two slots written, one read back). */
const STORE = `contract Store {
    mapping(uint256 => uint256) public slots;
    uint256 public total;

    function work(uint256 x) external returns (uint256) {
        uint256 k = x % 16;
        slots[k] += 1;
        total += x % 1000;
        return slots[k];
    }
}
`;

/** The first generation's one file: Store and a test contract calling it once per test, `count` tests with fixed inputs. */
const firstGenerationFile = (count: number) => {
  // Each test through one internal helper: 256 inlined external calls pass the EVM's 48 KiB initcode limit.
  const tests = Array.from({ length: count }, (_, i) => `    function testWork${i}() public { call(${i * 7919 + 1}); }`).join('\n');
  return `${HEADER}\n${STORE}\ncontract WorkTest {\n    Store store;\n\n    function setUp() public { store = new Store(); }\n\n    function call(uint256 x) internal { store.work(x); }\n\n${tests}\n}\n`;
};

/** The second generation's suite: the same Store, and `tests` fuzz tests calling it with each run's input (256 runs each, the engine's default). */
const fuzzSuite = (tests: number, salt: string): SuiteSource[] => {
  const fuzz = Array.from({ length: tests }, (_, i) => `    function testFuzzWork${tests === 1 ? '' : i}(uint256 x) public { store.work(x); }`).join('\n');
  return [
    { name: 'src/Store.sol', content: `${HEADER}\n${STORE}` },
    {
      name: 'test/Store.t.sol',
      content: `${HEADER}// ${salt}
import {Test} from "forge-std/Test.sol";
import {Store} from "../src/Store.sol";

contract WorkTest is Test {
    Store store;

    function setUp() public { store = new Store(); }

${fuzz}
}
`,
    },
  ];
};

const timed = async (pool: EnginePool, request: EngineRequest): Promise<{ ms: number; result: EngineResult }> => {
  const started = performance.now();
  const result = await pool.run(request);
  const ms = performance.now() - started;
  if (result.status !== 'completed') throw new Error(`contracts engines bench: a run failed: ${result.summary}`);
  return { ms, result };
};

const suiteRequest = (sources: SuiteSource[]): EngineRequest => ({ source: '', sources, testType: 'smart_contract', network: 'sepolia' });
const oneFile = (source: string, testType: EngineRequest['testType']): EngineRequest => ({ source, testType, network: 'sepolia' });

const testOf = (result: EngineResult, name: string) => {
  const found = result.functions.find((f) => f.name === name);
  if (!found) throw new Error(`contracts engines bench: no ${name} in the result`);
  return found;
};

/** The fuzz tests' runs (as EDR reports them) per second of their own duration_ms. */
const fuzzRate = (result: EngineResult) => {
  const tests = result.functions.flatMap((f) => (f.test?.kind === 'fuzz' ? [f.test] : []));
  const runs = sum(tests.map((t) => t.fuzz?.runs ?? 0));
  const durationMs = sum(tests.map((t) => t.duration_ms));
  return { runs, durationMs, perSecond: (runs / durationMs) * 1000 };
};

/**
 * The disk compile cache (what the engine worker gets as ENGINE_COMPILE_CACHE_DIR): the issue's
 * suite on a fresh pool that compiles it and keeps the compile in a folder, then on another fresh
 * pool on the same folder (a restarted or another engine worker, nothing in its memory).
 */
const diskCacheRuns = async (sources: SuiteSource[]) => {
  const dir = await mkdtemp(join(tmpdir(), 'bench-compile-cache-'));
  try {
    const onFreshPool = async () => {
      const fresh = createEnginePool({ size: 1, runTimeoutMs: 120_000, memoryMb: 512, compileCacheDir: dir });
      try {
        const { ms, result } = await timed(fresh, suiteRequest(sources));
        return { ms, compileMs: result.suite?.compile_ms ?? Number.NaN, cached: result.suite?.compile_cached === true };
      } finally {
        await fresh.close();
      }
    };
    const cold = await onFreshPool();
    const fromDisk = await onFreshPool();
    if (cold.cached || !fromDisk.cached) throw new Error('contracts engines bench: the disk compile cache did not answer as expected');
    return { cold, fromDisk };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

let saltCount = 0;
const salt = () => `bench ${process.pid} ${Date.now()} ${saltCount++}`;

/**
 * Issue 27's engine comparison, through createEnginePool directly (no services): the first
 * generation (@ethereumjs/evm, one file, unit tests only) against the second (a suite compiled
 * with forge-std, run on EDR in a child process), on the same function.
 */
export const contractsEnginesBench = async (): Promise<BenchResult> => {
  const pool = createEnginePool({ size: 1, runTimeoutMs: 120_000, memoryMb: 512 });
  const foreign = watchForeignCpu();
  try {
    // Warm-up: the worker starts and loads solc; EDR's binding loads in each child anyway.
    await timed(pool, oneFile(firstGenerationFile(1), 'smart_contract'));
    const oneFuzz = fuzzSuite(1, salt());
    await timed(pool, suiteRequest(oneFuzz));

    // 1. Calls per second on Store.work.
    const perf = await timed(pool, oneFile(firstGenerationFile(1), 'performance'));
    const timing = testOf(perf.result, 'testWork0').timings;
    const firstPerSecond = timing ? 1000 / timing.mean_ms : Number.NaN;
    const fuzz256 = await timed(pool, suiteRequest(oneFuzz));
    const rate256 = fuzzRate(fuzz256.result);
    const manySources = fuzzSuite(MANY_FUZZ_TESTS, salt());
    await timed(pool, suiteRequest(manySources));
    const fuzzMany = await timed(pool, suiteRequest(manySources));
    const rateMany = fuzzRate(fuzzMany.result);

    // 2. 256 calls end to end: 256 generated unit tests (first generation) against one 256-run fuzz test.
    // Each engine WARM_RUNS + 1 times, taken in turns so that both see the same load; the first
    // cached run comes right after the cold one (its spare child may still be starting), the
    // others each after a first-generation run, as a user's reruns come seconds apart.
    const firstGenRun = () => timed(pool, oneFile(firstGenerationFile(256), 'smart_contract'));
    const firstGenTimes = [(await firstGenRun()).ms];
    const coldSources = fuzzSuite(1, salt());
    const fuzzCold = await timed(pool, suiteRequest(coldSources));
    const fuzzRightAfter = await timed(pool, suiteRequest(coldSources));
    const cachedTimes: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      firstGenTimes.push((await firstGenRun()).ms);
      cachedTimes.push((await timed(pool, suiteRequest(coldSources))).ms);
    }
    const firstGen256 = median(firstGenTimes);
    const fuzzCached = median(cachedTimes);

    // 3. The issue's suite: cold, then changed by a byte (compile cache misses), then unchanged (hits).
    const suiteCold = await timed(pool, suiteRequest(issueSuite(salt())));
    const changed: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) changed.push((await timed(pool, suiteRequest(issueSuite(salt())))).ms);
    const hitSources = issueSuite(salt());
    await timed(pool, suiteRequest(hitSources));
    const hits: number[] = [];
    let last = suiteCold.result;
    for (let i = 0; i < WARM_RUNS; i++) {
      const run = await timed(pool, suiteRequest(hitSources));
      hits.push(run.ms);
      last = run.result;
    }
    const invariant = testOf(last, 'invariant_supplyCoversThisBalance').test?.invariant;
    const fuzzRuns = last.functions.filter((f) => f.test?.kind === 'fuzz').map((f) => f.test?.fuzz?.runs ?? 0);
    const disk = await diskCacheRuns(issueSuite(salt()));
    const anchor = await hardhatAnchor(issueSuite, salt, WARM_RUNS, { sources: hitSources, result: last });
    const during = foreign();

    const ratio256 = rate256.perSecond / firstPerSecond;
    const ratioMany = rateMany.perSecond / firstPerSecond;
    const endToEndRatio = firstGen256 / fuzzCached;
    const figures: Figure[] = [
      {
        label: 'Current engine (@ethereumjs/evm): Store.work calls per second (performance type, 1000 / mean_ms)',
        value: firstPerSecond,
        unit: 'calls/s',
        decimals: 0,
      },
      {
        label: `New engine (EDR): testFuzzWork runs per second, ${rate256.runs} runs (runs / the test's duration_ms)`,
        value: rate256.perSecond,
        unit: 'runs/s',
        decimals: 0,
      },
      {
        label: `New engine (EDR): runs per second over ${MANY_FUZZ_TESTS} fuzz tests, ${rateMany.runs} runs (runs / the sum of their duration_ms)`,
        value: rateMany.perSecond,
        unit: 'runs/s',
        decimals: 0,
      },
      { label: `New against current, ${rate256.runs} runs`, value: ratio256, unit: '×', decimals: 1, target: '≥ 10×', met: ratio256 >= 10 },
      { label: `New against current, ${rateMany.runs} runs`, value: ratioMany, unit: '×', decimals: 1, target: '≥ 10×', met: ratioMany >= 10 },
      {
        label: `New engine: the ${rate256.runs}-run fuzz suite, run() to result (compile cached; end to end ${((rate256.runs / fuzz256.ms) * 1000).toFixed(0)} runs/s)`,
        value: fuzz256.ms,
        unit: 'ms',
        decimals: 0,
      },
      {
        label: `New engine: the ${MANY_FUZZ_TESTS}-fuzz-test suite (${rateMany.runs} runs), run() to result (compile cached; end to end ${((rateMany.runs / fuzzMany.ms) * 1000).toFixed(0)} runs/s)`,
        value: fuzzMany.ms,
        unit: 'ms',
        decimals: 0,
      },
      {
        label: `Current engine: 256 generated unit tests with fixed inputs in one file, run() to result: p50 of ${firstGenTimes.length}`,
        value: firstGen256,
        unit: 'ms',
        decimals: 0,
      },
      { label: 'New engine: one 256-run fuzz test, run() to result, compile cold (a changed byte)', value: fuzzCold.ms, unit: 'ms', decimals: 0 },
      {
        label: 'New engine: one 256-run fuzz test, compile cached, right after the cold run (its spare child may still be starting)',
        value: fuzzRightAfter.ms,
        unit: 'ms',
        decimals: 0,
      },
      {
        label: `New engine: one 256-run fuzz test, run() to result, compile cached: p50 of ${cachedTimes.length} (${cachedTimes.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
        value: fuzzCached,
        unit: 'ms',
        decimals: 0,
      },
      { label: '256 calls end to end: current (p50) ÷ new (cold compile)', value: firstGen256 / fuzzCold.ms, unit: '×', decimals: 2 },
      {
        label: '256 calls end to end: current ÷ new, p50s (compile cached)',
        value: endToEndRatio,
        unit: '×',
        decimals: 2,
        target: '≥ 10×',
        met: endToEndRatio >= 10,
      },
      { label: "The issue's suite (20 tests), run() to result: the first run (compile cold)", value: suiteCold.ms, unit: 'ms', decimals: 0 },
      {
        label: `The issue's suite: p50 of ${WARM_RUNS} runs changed by a byte (compile cache misses)`,
        value: median(changed),
        unit: 'ms',
        decimals: 0,
        target: '≤ 10,000 ms',
        met: atMost(median(changed), 10_000),
      },
      {
        label: `The issue's suite: p50 of ${WARM_RUNS} runs unchanged (compile cache hits)`,
        value: median(hits),
        unit: 'ms',
        decimals: 0,
        target: '≤ 10,000 ms',
        met: atMost(median(hits), 10_000),
      },
      { label: "The issue's suite on a fresh engine pool: solc compiles it (into the disk cache)", value: disk.cold.compileMs, unit: 'ms', decimals: 0 },
      {
        label: `The issue's suite on another fresh pool, its compile read from the disk cache (run() to result ${disk.fromDisk.ms.toFixed(0)} ms, against ${disk.cold.ms.toFixed(0)} ms)`,
        value: disk.fromDisk.compileMs,
        unit: 'ms',
        decimals: 0,
      },
    ];
    if (typeof anchor === 'string')
      figures.push({ label: 'Hardhat 3 `hardhat test solidity` on the same suite (the anchor)', value: null, unit: 'ms', note: anchor });
    else
      figures.push(
        { label: 'Hardhat 3 anchor: the same suite, the first run (compile cold)', value: anchor.coldMs, unit: 'ms', decimals: 0 },
        { label: `Hardhat 3 anchor: p50 of ${WARM_RUNS} runs changed by a byte`, value: anchor.changedP50Ms, unit: 'ms', decimals: 0 },
        { label: `Hardhat 3 anchor: p50 of ${WARM_RUNS} runs unchanged`, value: anchor.hitsP50Ms, unit: 'ms', decimals: 0 },
        {
          label: 'Hardhat 3 anchor: tests passing (the engine: all 20)',
          value: anchor.passing,
          unit: '',
          decimals: 0,
          target: '20, none failing',
          met: anchor.passing === 20 && anchor.failing === 0,
        },
        {
          label: 'Hardhat 3 anchor: tests with the same gas as the engine’s (unit gas; fuzz mean/median)',
          value: anchor.gasEqual,
          unit: `of ${anchor.gasCompared}`,
          decimals: 0,
          target: 'all',
          met: anchor.gasEqual === anchor.gasCompared,
        },
      );
    return {
      name: 'contracts-engines',
      title: "contracts: engines. The Testing Engine's second generation (EDR) against the first (@ethereumjs/evm), through the engine pool",
      command: 'pnpm bench contracts',
      figures,
      tables: [],
      notes: [
        `One engine pool of one worker (createEnginePool, no services), one run at a time, after a warm-up of each engine; every time is from pool.run() to its result, so a suite's includes the worker compiling it with solc-js (or finding it in its compile cache) and handing it to an EDR child process: the warm spare the previous run left (spawned under the same limits, the binding loaded, serving only this run and killed after it), or one it starts when none waits. Other CPU during the whole bench: ${describeForeign(during)}; the two cores are shared with other sessions' processes, so compare runs taken close together.`,
        "The function measured: Store.work(uint256), two storage writes and a read. The first generation calls it from a test contract (testWork0, after setUp deploys Store) through its performance type, which repeats the call on the same state for up to 20 iterations or about a second; the second generation calls it from testFuzzWork(uint256 x), each fuzz run a fresh call from the state after setUp. Runs per second come from the test's own duration_ms, the campaign inside EDR.",
        `The fuzz runs: 256 a test, the engine's default, so the ~5,000-run figure is ${MANY_FUZZ_TESTS} fuzz tests of 256 runs in one test contract (${rateMany.runs} runs, ${rateMany.durationMs.toFixed(0)} ms of test time in all). EDR may run a contract's tests on more than one thread, so their summed durations can overlap; the end-to-end rate beside it does not.`,
        `The issue's suite: 16 unit tests, testFuzzDeposit/testFuzzWithdraw/testFuzzTransfer and invariant_supplyCoversThisBalance over a Bank contract, in two files importing forge-std/Test.sol. Its invariant asks for the issue's 64 × 15 campaign by Foundry's inline configuration (\`/// forge-config: default.invariant.runs = 64\`), which both the engine and Hardhat 3 honour: EDR reported ${invariant?.runs ?? '?'} runs × depth ${invariant?.depth ?? '?'} (${invariant?.calls ?? '?'} calls, ${invariant?.reverts ?? '?'} reverts), and fuzz runs ${fuzzRuns.join(', ')}. "Changed by a byte" is a different comment in the test file, so the compile cache misses and solc compiles both files and forge-std again.`,
        typeof anchor === 'string' ? `Hardhat 3 anchor: ${anchor}` : anchor.note,
      ],
    };
  } finally {
    await pool.close();
  }
};
