import { resolve } from 'node:path';
import { authLoadBench } from './auth-load';
import { bountiesLoadBench } from './bounties-load';
import { bountiesProofsBench } from './bounties-proofs';
import { dashboardTimingsBench } from './dashboard-timings';
import { eventsLatencyBench } from './events-latency';
import { firstScreensBench } from './first-screens';
import { footprintBench } from './footprint';
import { replicasLoadBench } from './replicas-load';
import { contractsEnginesBench } from './contracts-engines';
import { contractsLoadBench } from './contracts-load';
import { engineWorkersBench } from './engine-workers';
import { frontendBuildBench } from './frontend-build';
import { jobsLatenessBench } from './jobs-lateness';
import { gatewayLoadBench } from './gateway-load';
import { BrowserHolder } from './lib/browser';
import { marketplaceLoadBench } from './marketplace-load';
import { nftImagesBench } from './nft-images';
import { nftLoadBench } from './nft-load';
import { describeForeign, watchForeignCpu } from './lib/foreign-cpu';
import { codeVersion, describeMachine, loadAverage, machineInfo, waitForQuiet } from './lib/machine';
import { BENCH_NAMES, printResult, type BenchName, type BenchResult } from './lib/report';
import { writeResults } from './lib/results-file';
import { StackHolder } from './lib/stack';
import { pageTimingsBench } from './page-timings';
import { rewardsLoadBench } from './rewards-load';
import { skyCostBench } from './sky-cost';

/**
 * `pnpm bench` runs every benchmark; `pnpm bench frontend|pages|dashboard|screens|sky|auth|jobs|gateway|events|rewards|nft|images|marketplace|bounties|footprint|replicas|contracts|workers` only those named.
 * One stack and one browser are shared, started on first use and always stopped at the end.
 * Results go to the terminal and to bench/RESULTS.md (sections that ran are replaced).
 */
const RESULTS_PATH = resolve(import.meta.dirname, '../RESULTS.md');

const requested = process.argv.slice(2).filter((a) => a !== '--');
const unknown = requested.filter((a) => !BENCH_NAMES.includes(a as BenchName));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCH_NAMES.join(', ')}.`);
  process.exit(2);
}
const names = requested.length ? BENCH_NAMES.filter((n) => requested.includes(n)) : BENCH_NAMES;
const command = requested.length ? `pnpm bench ${names.join(' ')}` : 'npx -y pnpm@10 bench';

const stack = new StackHolder();
const browser = new BrowserHolder();
let cleaning: Promise<void> | undefined;
const cleanUp = () => (cleaning ??= Promise.allSettled([browser.close(), stack.stop()]).then(() => undefined));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the stack and the browser...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const machine = machineInfo();
console.log(`Starforge benchmarks: ${names.join(', ')}\n${describeMachine(machine)}\n`);

const results: BenchResult[] = [];
const failures: string[] = [];
const benches: Record<BenchName, () => Promise<BenchResult | BenchResult[]>> = {
  frontend: () => frontendBuildBench({ stack, browser }),
  pages: () => pageTimingsBench({ stack, browser }),
  dashboard: () => dashboardTimingsBench({ stack, browser }),
  auth: () => authLoadBench({ stack }),
  jobs: () => jobsLatenessBench({ stack }),
  gateway: () => gatewayLoadBench({ stack }),
  events: () => eventsLatencyBench({ stack }),
  rewards: () => rewardsLoadBench({ stack }),
  nft: () => nftLoadBench({ stack }),
  images: () => nftImagesBench({ stack, browser }),
  marketplace: () => marketplaceLoadBench({ stack }),
  // The open list under load, then issue 28's executable proofs on the same stack.
  bounties: async () => [await bountiesLoadBench({ stack }), await bountiesProofsBench({ stack })],
  screens: () => firstScreensBench({ stack, browser }),
  sky: () => skyCostBench({ stack, browser }),
  footprint: () => footprintBench(),
  replicas: () => replicasLoadBench(),
  // The engines first: they need no stack, and run before it starts.
  contracts: async () => [await contractsEnginesBench(), await contractsLoadBench({ stack })],
  workers: () => engineWorkersBench({ stack }),
};

try {
  for (const name of names) {
    console.log(`--- ${name} ---`);
    try {
      const quiet = await waitForQuiet();
      const before = `${(quiet.busy * 100).toFixed(0)}% of the CPU busy just before (load average ${loadAverage()})${quiet.waitedMs > 5_000 ? `, after waiting ${(quiet.waitedMs / 1000).toFixed(0)} s for the machine to settle` : ''}`;
      console.log(`  ${before}`);
      const code = codeVersion();
      const foreign = watchForeignCpu();
      const ran = await benches[name]();
      const during = foreign();
      const conditions = `${before}; during the run, processes other than the benchmark and its stack/browser used ${describeForeign(during)} of the CPU${during !== null && during > 0.1 ? ' (enough to skew timings: compare with a quieter run)' : ''}`;
      for (const result of Array.isArray(ran) ? ran : [ran]) {
        // Every section records the command that ran it and the conditions it ran in.
        results.push({ ...result, command, conditions, code });
        printResult(result);
      }
      console.log(`Conditions: ${conditions}\n`);
    } catch (error) {
      failures.push(name);
      console.error(`benchmark "${name}" failed:`, error);
    }
  }
} finally {
  await cleanUp();
}

if (results.length) {
  await writeResults(RESULTS_PATH, results, machineInfo());
  console.log(`wrote ${RESULTS_PATH} (${results.map((r) => r.name).join(', ')})`);
}
if (failures.length) {
  console.error(`failed: ${failures.join(', ')}`);
  process.exitCode = 1;
}
