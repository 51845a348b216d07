import postgres from 'postgres';
import { SAMPLE_CONTRACTS } from '@starforge/contracts/rewards';
import { contractsFairness } from './contracts-fairness';
import { LiveStream } from '@starforge/launcher/rolling-restart/live-stream';
import { signUpAccount, type BenchAccount } from './lib/accounts';
import { describeForeign, watchForeignCpu } from './lib/foreign-cpu';
import { pidOfListener, rssOf } from './lib/process';
import type { BenchResult, Figure } from './lib/report';
import type { StackHolder } from './lib/stack';
import { median, percentile } from './lib/stats';

const ACCOUNTS = 8;
const SECONDS = 60;
const HEALTH_EVERY_MS = 50;

/** One account starting the Counter sample's run, waiting for its live result, and again, until the time is up (at least once). */
const runLoop = async (base: string, account: BenchAccount, until: number, latencies: number[], failed: string[]) => {
  const finished = new Map<string, () => void>();
  const stream = new LiveStream(base, account.token, (event) => {
    const runId = (event.data as { runId?: string } | null)?.runId;
    if (event.type === 'rewards.test_run_finished' && runId) finished.get(runId)?.();
  });
  await stream.start();
  const counter = SAMPLE_CONTRACTS.find((s) => s.id === 'counter');
  try {
    do {
      const started = performance.now();
      const res = await fetch(`${base}/api/rewards/test-runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}`, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ network: 'sepolia', test_type: 'smart_contract', contract: { source: counter?.source } }),
      });
      const body = (await res.json()) as { id?: string };
      if (res.status !== 201 || !body.id) {
        failed.push(`start answered ${res.status}`);
        break;
      }
      await new Promise<void>((resolve) => finished.set(body.id as string, resolve));
      latencies.push(performance.now() - started);
    } while (Date.now() < until);
  } finally {
    await stream.stop();
  }
};

/**
 * The Testing Engine with a contract: runs a minute can finish on this machine (the Counter
 * sample's four calls, compiled and run by the rewards service's engine pool), the time from the
 * POST to the run's live result, the rewards service's /health meanwhile, and the pool's memory.
 */
export const contractsLoadBench = async ({ stack }: { stack: StackHolder }): Promise<BenchResult> => {
  const { ipUrl, stack: running } = await stack.get();
  const rewardsPid = pidOfListener(running.services.rewards);
  const idleRss = rssOf(rewardsPid);
  const accounts = await Promise.all(Array.from({ length: ACCOUNTS }, (_, i) => signUpAccount(ipUrl, `contracts-${i}`, { first: 'Bench', last: 'Engine' })));
  const [flooder, other] = await Promise.all(
    ['contracts-flood', 'contracts-other'].map((tag) => signUpAccount(ipUrl, tag, { first: 'Bench', last: 'Engine' })),
  );
  if (!flooder || !other) throw new Error('contracts bench: the fairness accounts were not made');
  // Gold (20,000 FORGE staked): no daily test limit, so the minute measures the engine, not the tier.
  const everyone = [...accounts, flooder, other];
  const sql = postgres(running.databaseUrl, { max: 1, onnotice: () => {} });
  for (const { userId } of everyone) await sql`select rewards.ensure_account(${userId})`;
  await sql`update rewards.starforge_tokens set staked_amount = 20000 where user_id in ${sql(everyone.map((a) => a.userId))}`;
  await sql.end();
  // One warm-up run: the pool starts on the first contract run (each worker loads solc).
  const warmUp: number[] = [];
  await runLoop(ipUrl, accounts[0] as BenchAccount, Date.now() + 1, warmUp, []);
  const firstRunMs = warmUp[0] ?? null;

  const latencies: number[] = [];
  const failed: string[] = [];
  const health: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  const foreign = watchForeignCpu();
  let peakRss = idleRss ?? 0;
  const probe = (async () => {
    while (Date.now() < until) {
      const t = performance.now();
      await fetch(`${running.services.rewards}/api/rewards/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - t);
      peakRss = Math.max(peakRss, rssOf(rewardsPid) ?? 0);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  await Promise.all([...accounts.map((a) => runLoop(ipUrl, a, until, latencies, failed)), probe]);
  const during = foreign();
  const fairness = await contractsFairness(ipUrl, flooder, other);
  const runsPerMinute = (latencies.length / SECONDS) * 60;
  const figures: Figure[] = [
    {
      label: `Contract runs finished per minute (Counter sample, smart_contract, ${ACCOUNTS} accounts back to back)`,
      value: runsPerMinute,
      unit: 'runs/min',
      decimals: 0,
    },
    { label: 'Start (POST) to the live result on the stream: median', value: median(latencies), unit: 'ms', decimals: 0 },
    { label: 'Start (POST) to the live result on the stream: p99', value: percentile(latencies, 99), unit: 'ms', decimals: 0 },
    { label: 'The first run after the service started (the pool starts, solc loads)', value: firstRunMs, unit: 'ms', decimals: 0 },
    {
      label: 'Rewards /health while the runs go on: p99',
      value: percentile(health, 99),
      unit: 'ms',
      decimals: 1,
      target: '≤ 50 ms',
      met: percentile(health, 99) <= 50,
    },
    { label: 'Rewards service RSS: before the first contract run', value: idleRss, unit: 'MiB', decimals: 0 },
    { label: 'Rewards service RSS: peak during the runs (the engine worker included)', value: peakRss, unit: 'MiB', decimals: 0 },
    { label: 'Failed starts', value: failed.length, unit: '', decimals: 0, target: '0', met: failed.length === 0 },
    ...fairness.figures,
  ];
  return {
    name: 'contracts',
    title: 'Testing Engine: contract runs compiled and executed by the rewards service',
    command: 'pnpm bench contracts',
    figures,
    tables: [],
    notes: [
      `${ACCOUNTS} accounts each start a run of the Counter sample (smart_contract on Sepolia: deploy, setUp, three tests) through the gateway, wait for rewards.test_run_finished on their live stream, and start the next, for ${SECONDS} s; /health is asked directly every ${HEALTH_EVERY_MS} ms meanwhile. Runs: ${latencies.length}; health samples: ${health.length}; other CPU during the run: ${describeForeign(during)}.`,
      "The service runs two engine workers (ENGINE_WORKERS=2, the default), which compile with solc-js (WebAssembly) and execute on @ethereumjs/evm off the service's event loop; a run's time from start to live result also holds the durable job's pickup, the finishing transaction and the event's way through the events service and the gateway.",
      fairness.note,
    ],
  };
};
