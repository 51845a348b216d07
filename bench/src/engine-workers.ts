import postgres from 'postgres';
import { SAMPLE_SUITES } from '@starforge/contracts/rewards';
import { signUpAccount, type BenchAccount } from './lib/accounts';
import { describeForeign, watchForeignCpu } from './lib/foreign-cpu';
import { atMost, type BenchResult } from './lib/report';
import type { StackHolder } from './lib/stack';
import { median, percentile } from './lib/stats';

const RUNS = 20;
const IDLE_MS = 10_000;
const PROBE_EVERY_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `url` every PROBE_EVERY_MS until `done()`, one request at a time: each answer's time in ms. */
const probe = async (url: string, done: () => boolean): Promise<number[]> => {
  const times: number[] = [];
  while (!done()) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - started);
    await sleep(PROBE_EVERY_MS);
  }
  return times;
};

/**
 * Engine workers (issue 27, section 4): the rewards service's own /health, idle and while 20
 * contract runs execute, which they now do in the engine worker process the launcher starts
 * beside the service (not in the service): the target is a p99 within 2× of idle.
 */
export const engineWorkersBench = async ({ stack }: { stack: StackHolder }): Promise<BenchResult> => {
  const { ipUrl, stack: running } = await stack.get();
  const health = `${running.services.rewards}/api/rewards/health`;
  const workers = Object.keys(running.processes).filter((name) => name.startsWith('rewards-engine'));
  // One account a run: a user's contract runs go one at a time, so 20 accounts keep every engine thread busy.
  const accounts: BenchAccount[] = [];
  for (let i = 0; i < RUNS; i++) accounts.push(await signUpAccount(ipUrl, `workers-${i}`, { first: 'Bench', last: 'Worker' }));
  const sql = postgres(running.databaseUrl, { max: 1, onnotice: () => {} });
  // Issue 27: the service stays responsive while 20 SUITES run (each a compile, then EDR in a child process).
  const sources = SAMPLE_SUITES.find((s) => s.id === 'vault-suite')?.sources;
  if (!sources) throw new Error('the Vault suite sample is missing');
  const start = async (account: BenchAccount): Promise<string> => {
    const res = await fetch(`${ipUrl}/api/rewards/test-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}`, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ network: 'sepolia', test_type: 'smart_contract', contract: { sources } }),
    });
    const body = (await res.json()) as { id?: string };
    if (res.status !== 201 || !body.id) throw new Error(`starting a contract run answered ${res.status}`);
    return body.id;
  };
  const unfinished = async (ids: string[]) =>
    Number((await sql`select count(*)::int as n from rewards.test_runs where id in ${sql(ids)} and status = 'running'`)[0]?.n);
  const waitFor = async (ids: string[]) => {
    while ((await unfinished(ids)) > 0) await sleep(100);
  };

  try {
    // A warm-up run: the worker's engine threads load solc on their first run.
    await waitFor([await start(accounts[0] as BenchAccount)]);
    await sleep(1_000);
    const idleFor = async (ms: number) => {
      const until = Date.now() + ms;
      return probe(health, () => Date.now() >= until);
    };
    // Idle half before and half after the runs, so a change in the other sessions' load weighs on both sides alike.
    const idleBefore = await idleFor(IDLE_MS / 2);

    const foreign = watchForeignCpu();
    const startedAt = performance.now();
    // The 20 starts are requests to the service itself; its /health is measured once they are
    // accepted, while the runs execute in the engine worker.
    const ids = await Promise.all(accounts.map(start));
    let finished = false;
    const probing = probe(health, () => finished);
    await waitFor(ids);
    const allFinishedMs = performance.now() - startedAt;
    finished = true;
    const busy = await probing;
    const during = foreign();
    await sleep(1_000);
    const idle = [...idleBefore, ...(await idleFor(IDLE_MS / 2))];
    const [outcome] = await sql<{ completed: number; failed: number }[]>`
      select count(*) filter (where status = 'completed')::int as completed, count(*) filter (where status = 'failed')::int as failed
      from rewards.test_runs where id in ${sql(ids)}`;

    const idleP99 = percentile(idle, 99);
    const busyP99 = percentile(busy, 99);
    const ratio = busyP99 / idleP99;
    return {
      name: 'workers',
      title: 'Engine workers: the rewards service’s /health while 20 contract runs execute in an engine worker process',
      command: 'pnpm bench workers',
      figures: [
        { label: 'Rewards /health, idle: median', value: median(idle), unit: 'ms', decimals: 1 },
        { label: 'Rewards /health, idle: p99', value: idleP99, unit: 'ms', decimals: 1 },
        { label: `Rewards /health while ${RUNS} contract runs execute: median`, value: median(busy), unit: 'ms', decimals: 1 },
        { label: `Rewards /health while ${RUNS} contract runs execute: p99`, value: busyP99, unit: 'ms', decimals: 1 },
        { label: 'p99 while the runs execute, as a multiple of idle', value: ratio, unit: '×', decimals: 2, target: '≤ 2×', met: atMost(ratio, 2) },
        { label: `All ${RUNS} runs started at once, to the last one finished`, value: allFinishedMs, unit: 'ms', decimals: 0 },
        {
          label: `Runs finished (completed + failed) of ${RUNS}`,
          value: (outcome?.completed ?? 0) + (outcome?.failed ?? 0),
          unit: '',
          decimals: 0,
          target: `${RUNS}, all completed`,
          met: outcome?.completed === RUNS,
        },
      ],
      tables: [],
      notes: [
        `The launcher's default: ${workers.length} engine worker process(es) (${workers.join(', ')}), each running ENGINE_WORKERS=${process.env.ENGINE_WORKERS ?? '2'} contract runs at once in its engine's worker threads; the rewards service only enqueues. ${RUNS} accounts each start one run of the Vault suite sample (smart_contract on Sepolia: compiled, then its unit, fuzz and invariant tests on EDR in a child process) through the gateway at once, after one warm-up run; the service's /health is asked directly, one request at a time every ${PROBE_EVERY_MS} ms: idle for ${IDLE_MS / 2000} s before the runs and ${IDLE_MS / 2000} s after them, and from when all ${RUNS} starts were accepted until the last run finished. Samples: ${idle.length} idle, ${busy.length} during the runs; other CPU during the runs: ${describeForeign(during)}.`,
        'Before the engine workers (issue 27 §4), the same service compiled and ran contracts itself, in its own worker threads, and its /health p99 under contract load was measured then at 12.8 ms on a quiet machine (386.8 ms on a loaded one). The two cores are shared: what the engine worker takes, the service cannot have, so on two cores the remaining cost is CPU contention rather than the service’s own event loop.',
      ],
    };
  } finally {
    await sql.end();
  }
};
