import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { EngineResult } from '@starforge/contract-engine';
import type { SuiteSource } from '@starforge/contracts/rewards';
import { median } from './lib/stats';

const run = promisify(execFile);
const ENGINE = resolve(import.meta.dirname, '../../packages/contract-engine');

/** The anchor's folder: outside the workspace, with `npm i hardhat@3` done in it (Hardhat is no dependency of ours). */
const HARDHAT_ANCHOR_ENV = 'HARDHAT3_ANCHOR_DIR';

/**
 * Hardhat 3 compiles with the same solc-js 0.8.37 file the engine loads (no download: the machine
 * may be offline) and the product's forge-std, for the same EVM as a Sepolia run (Osaka).
 */
const prepare = async (dir: string) => {
  const soljson = createRequire(join(ENGINE, 'package.json')).resolve('solc/soljson.js');
  await cp(join(ENGINE, 'forge-std'), join(dir, 'lib/forge-std'), { recursive: true });
  await writeFile(join(dir, 'remappings.txt'), 'forge-std/=lib/forge-std/\n');
  await writeFile(
    join(dir, 'hardhat.config.ts'),
    `import { defineConfig } from 'hardhat/config';
export default defineConfig({
  solidity: { version: '0.8.37', path: ${JSON.stringify(soljson)}, settings: { evmVersion: 'osaka' } },
  paths: { sources: { solidity: ['./src'] }, tests: { solidity: './test' } },
  test: { solidity: { fuzz: { runs: 256 }, invariant: { runs: 256, depth: 15 } } },
});
`,
  );
};

const writeSuite = async (dir: string, sources: SuiteSource[]) => {
  for (const { name, content } of sources) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), content);
  }
};

/** One `hardhat test solidity`, from spawn to exit: its wall time and what it says passed. */
const hardhatTest = async (dir: string, args: string[] = []) => {
  const started = performance.now();
  const { stdout } = await run(join(dir, 'node_modules/.bin/hardhat'), ['test', 'solidity', ...args], { cwd: dir, maxBuffer: 16 << 20 });
  const ms = performance.now() - started;
  const passing = Number(/(\d+) passing/.exec(stdout)?.[1] ?? 0);
  const failing = Number(/(\d+) failing/.exec(stdout)?.[1] ?? 0);
  const invariantRuns = /invariant_\w+\(\) \(runs: (\d+)\)/.exec(stdout)?.[1];
  return { ms, passing, failing, invariantRuns };
};

/** `.gas-snapshot`'s lines: a unit test's gas, a fuzz test's mean (μ) and median (~). */
const readSnapshot = async (dir: string): Promise<Map<string, string>> => {
  const gas = new Map<string, string>();
  for (const line of (await readFile(join(dir, '.gas-snapshot'), 'utf8')).split('\n')) {
    const unit = /#(\w+)\(.*\) \(gas: (\d+)\)/.exec(line);
    const fuzz = /#(\w+)\(.*\) \(runs: \d+, μ: (\d+), ~: (\d+)\)/.exec(line);
    if (unit?.[1] && unit[2]) gas.set(unit[1], unit[2]);
    if (fuzz?.[1] && fuzz[2] && fuzz[3]) gas.set(fuzz[1], `${fuzz[2]}/${fuzz[3]}`);
  }
  return gas;
};

const engineGas = (result: EngineResult): Map<string, string> =>
  new Map(
    result.functions.flatMap((f): [string, string][] => {
      if (f.test?.kind === 'unit') return [[f.name, String(f.gas_used)]];
      if (f.test?.kind === 'fuzz' && f.test.fuzz) return [[f.name, `${f.test.fuzz.mean_gas}/${f.test.fuzz.median_gas}`]];
      return [];
    }),
  );

interface AnchorFigures {
  coldMs: number;
  changedP50Ms: number;
  hitsP50Ms: number;
  passing: number;
  failing: number;
  gasEqual: number;
  gasCompared: number;
  note: string;
}

/**
 * The issue's suite under Hardhat 3's own `hardhat test solidity`, timed like the engine's runs
 * (cold, changed by a byte, unchanged), and each test's gas from its `--snapshot` against the
 * engine's. Null, with the reason, when no anchor folder is given.
 */
export const hardhatAnchor = async (
  suite: (salt: string) => SuiteSource[],
  salt: () => string,
  runs: number,
  engine: { sources: SuiteSource[]; result: EngineResult },
): Promise<AnchorFigures | string> => {
  const dir = process.env[HARDHAT_ANCHOR_ENV];
  if (!dir) return `not measured: set ${HARDHAT_ANCHOR_ENV} to a folder outside the workspace where \`npm i hardhat@3\` was run.`;
  if (!existsSync(join(dir, 'node_modules/.bin/hardhat'))) return `not measured: ${dir} has no node_modules/.bin/hardhat (run \`npm i hardhat@3\` there).`;
  await prepare(dir);
  await rm(join(dir, 'artifacts'), { recursive: true, force: true });
  await rm(join(dir, 'cache'), { recursive: true, force: true });
  await writeSuite(dir, suite(salt()));
  const cold = await hardhatTest(dir);
  const changed: number[] = [];
  for (let i = 0; i < runs; i++) {
    await writeSuite(dir, suite(salt()));
    changed.push((await hardhatTest(dir)).ms);
  }
  // The unchanged runs and the gas snapshot use the very files of the engine's last run.
  await writeSuite(dir, engine.sources);
  await hardhatTest(dir);
  const hits: number[] = [];
  let last = cold;
  for (let i = 0; i < runs; i++) {
    last = await hardhatTest(dir);
    hits.push(last.ms);
  }
  await hardhatTest(dir, ['--snapshot']);
  const theirs = await readSnapshot(dir);
  const ours = engineGas(engine.result);
  const differing = [...theirs].filter(([name, gas]) => ours.get(name) !== gas);
  return {
    coldMs: cold.ms,
    changedP50Ms: median(changed),
    hitsP50Ms: median(hits),
    passing: last.passing,
    failing: last.failing,
    gasEqual: theirs.size - differing.length,
    gasCompared: theirs.size,
    note: `Hardhat 3 anchor (${dir}, \`hardhat test solidity\` on Node ${process.version}, the same solc-js 0.8.37 file and the product's forge-std, fuzz 256 runs and invariant 256 × 15 in its config, the suite's inline 64 runs for its invariant): ${last.passing} passing, ${last.failing} failing; its invariant made ${last.invariantRuns ?? '?'} runs. Wall time is the whole CLI from spawn to exit (Node starting, the config loaded, its compile cache checked). Gas per test from its \`--snapshot\` (unit: gas; fuzz: mean/median) against the engine's: ${theirs.size - differing.length} of ${theirs.size} equal${differing.length ? `; differing: ${differing.map(([name, gas]) => `${name} Hardhat ${gas}, engine ${ours.get(name) ?? 'absent'}`).join('; ')} (a unit test's gas is deterministic; a fuzz test's mean depends on the inputs drawn: both runners use Hardhat's default seed, but the campaign also draws on constants of the compiled bytecode, which the two compiles do not produce byte for byte alike (different source names in the metadata), so a fuzz mean can differ with the same median; not investigated further)` : ''}.`,
  };
};
