import autocannon from 'autocannon';
import { serviceNames, type ServiceName } from '@starforge/contracts/shared';
import { fromRoot } from '@starforge/launcher/paths';
import { freePort } from '@starforge/launcher/ports';
import { startStack, type RunningStack } from '@starforge/launcher/stack';
import { signUpAccount, type BenchAccount } from './lib/accounts';
import { describeForeign, watchForeignCpu } from './lib/foreign-cpu';
import { clientsOf, loadRun } from './lib/load-run';
import { cpuMsOf, cpuPerRequest, pidOfListener, postgresCpuMs } from './lib/process';
import type { BenchResult, Figure } from './lib/report';
import { benchServiceEnv } from './lib/stack';
import { fixed } from './lib/stats';

const CONNECTIONS = 50;
const SECONDS = 10;
const WARM_UP_SECONDS = 3;
const ACCOUNTS = 10;
const ROLES = ['gateway', 'rewards', 'PostgreSQL', 'client'] as const;
type Role = (typeof ROLES)[number];

/** GET /api/rewards/summary: the dashboard's read, authenticated, one query over the user's rows. */
const summaryLoad = (url: string, accounts: BenchAccount[], seconds: number): autocannon.Options => ({
  url,
  connections: CONNECTIONS,
  duration: seconds,
  setupClient: clientsOf(accounts, (a) => [{ method: 'GET', path: '/api/rewards/summary', headers: { authorization: `Bearer ${a.token}` } }]),
});

/** CPU time (ms) so far of each role a request passes through; every rewards copy counts as `rewards`. */
const servingCpu = (stack: RunningStack, gatewayUrl: string) => {
  const gateway = pidOfListener(gatewayUrl);
  const rewards = stack.copies.rewards.map((url) => pidOfListener(url));
  const postgres = postgresCpuMs(stack.databaseUrl);
  return (): Record<Role, number | null> => {
    const own = process.cpuUsage();
    const copies = rewards.map((pid) => cpuMsOf(pid));
    return {
      gateway: cpuMsOf(gateway),
      rewards: copies.some((ms) => ms === null) ? null : copies.reduce<number>((a, b) => a + (b ?? 0), 0),
      PostgreSQL: postgres(),
      client: (own.user + own.system) / 1000,
    };
  };
};

interface Run {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** CPU µs per answered request, by role. */
  perRequest: Record<Role, number | null>;
  foreign: number | null;
}

const runOf = (label: string, result: autocannon.Result, foreign: number | null, perRequest: Record<Role, number | null>): Run => ({
  label,
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  failed: result.non2xx + result.errors + result.timeouts,
  perRequest,
  foreign,
});

/** The whole product with `copies` of every service, on a fresh database of the benchmark's own. */
const stackWith = async (copies: number): Promise<{ stack: RunningStack; ipUrl: string }> => {
  const port = await freePort();
  const stack = await startStack({
    port,
    dataDir: fromRoot('.data-bench/pg'),
    databaseName: 'starforge_bench_replicas',
    resetDatabase: true,
    serviceEnv: benchServiceEnv,
    replicas: Object.fromEntries(serviceNames.map((d) => [d, copies])) as Record<ServiceName, number>,
    log: (line) => {
      if (/error|fail|exited/i.test(line)) console.log(`  [stack] ${line}`);
    },
  });
  return { stack, ipUrl: `http://127.0.0.1:${port}` };
};

const measured = async (label: string, stack: RunningStack, ipUrl: string, accounts: BenchAccount[], seconds = SECONDS): Promise<Run> => {
  const cpu = servingCpu(stack, ipUrl);
  const before = cpu();
  const result = await loadRun(summaryLoad(ipUrl, accounts, seconds));
  return runOf(label, result, result.foreign, cpuPerRequest(before, cpu(), result['2xx'] + result.non2xx));
};

/** Load for as long as the rolling restart takes (every copy of every service drained and started again in turn). */
const duringRollingRestart = async (stack: RunningStack, ipUrl: string, accounts: BenchAccount[]): Promise<Run & { restartSeconds: number }> => {
  const foreign = watchForeignCpu();
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ ...summaryLoad(ipUrl, accounts, 3_600) }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  const started = Date.now();
  await stack.rollingRestart();
  const restartSeconds = (Date.now() - started) / 1000;
  instance?.stop();
  const result = await finished;
  // The rewards copies' CPU is not comparable across a restart (new processes): only latency and failures count here.
  const notMeasured = Object.fromEntries(ROLES.map((role) => [role, null])) as Record<Role, null>;
  return { ...runOf('2 copies, during a rolling restart of all 12 copies', result, foreign(), notMeasured), restartSeconds };
};

const cpuText = (v: number | null) => (v === null ? '—' : fixed(v, 0));

/**
 * Requests per second through the gateway with one and with two copies of every service, the
 * p99 during a rolling restart against a quiet run on the same stack, and the CPU one request
 * costs in each process, from which the copies and cores a load needs follow on paper.
 */
export const replicasLoadBench = async (): Promise<BenchResult> => {
  const runs: Run[] = [];
  let restart: (Run & { restartSeconds: number }) | undefined;
  for (const copies of [1, 2]) {
    console.log(`  starting the product with ${copies} cop${copies === 1 ? 'y' : 'ies'} of every service...`);
    const { stack, ipUrl } = await stackWith(copies);
    try {
      const accounts = await Promise.all(
        Array.from({ length: ACCOUNTS }, (_, i) => signUpAccount(ipUrl, `replicas-${copies}-${i}`, { first: 'Bench', last: 'Replica' })),
      );
      await loadRun(summaryLoad(ipUrl, accounts, WARM_UP_SECONDS));
      runs.push(await measured(`${copies} cop${copies === 1 ? 'y' : 'ies'}, quiet`, stack, ipUrl, accounts));
      if (copies === 2) {
        console.log('  a rolling restart under the same load...');
        restart = await duringRollingRestart(stack, ipUrl, accounts);
      }
    } finally {
      await stack.stop();
    }
  }
  const [one, two] = runs as [Run, Run];
  const total = (run: Run) => ROLES.filter((r) => r !== 'client').reduce((sum, role) => sum + (run.perRequest[role] ?? Number.NaN), 0);
  const serverMicros = total(one);
  const figures: Figure[] = [
    { label: 'GET /api/rewards/summary through the gateway, 1 copy of every service: requests/s', value: one.requestsPerSecond, unit: 'req/s', decimals: 0 },
    { label: 'The same, 2 copies of every service: requests/s', value: two.requestsPerSecond, unit: 'req/s', decimals: 0 },
    { label: '2 copies against 1', value: two.requestsPerSecond / one.requestsPerSecond, unit: '×', decimals: 2 },
    { label: 'p99, 2 copies, quiet', value: two.p99, unit: 'ms', decimals: 0 },
    { label: 'p99, 2 copies, during a rolling restart of every copy', value: restart?.p99 ?? null, unit: 'ms', decimals: 0 },
    {
      label: 'Failed answers during the rolling restart (non-2xx, errors, timeouts)',
      value: restart?.failed ?? null,
      unit: '',
      decimals: 0,
      target: '0',
      met: restart ? restart.failed === 0 : undefined,
    },
    { label: 'Rolling restart of all 12 copies under load: duration', value: restart?.restartSeconds ?? null, unit: 's', decimals: 0 },
    { label: 'CPU per request, gateway + rewards + PostgreSQL (1 copy)', value: serverMicros, unit: 'µs', decimals: 0 },
  ];
  const rows = [...runs, ...(restart ? [restart] : [])].map((run) => [
    run.label,
    fixed(run.requestsPerSecond, 0),
    fixed(run.p50, 0),
    fixed(run.p99, 0),
    String(run.failed),
    ...ROLES.map((role) => cpuText(run.perRequest[role])),
    describeForeign(run.foreign),
  ]);
  const perCore = 1e6 / serverMicros;
  const rewardsMicros = one.perRequest.rewards ?? Number.NaN;
  const perCopy = (0.7 * 1e6) / rewardsMicros;
  const copiesFor1000 = Math.ceil(1000 / perCopy);
  return {
    name: 'replicas',
    title: 'Replicas: one and two copies of every service, and a rolling restart under load',
    command: 'pnpm bench replicas',
    figures,
    tables: [
      {
        title: `Runs (autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up, ${ACCOUNTS} accounts); CPU in µs per answered request`,
        head: ['Run', 'req/s', 'p50 ms', 'p99 ms', 'failed', ...ROLES.map((r) => `${r} µs`), 'other CPU'],
        rows,
      },
    ],
    notes: [
      `Two cores run the load generator, the gateway, every copy and PostgreSQL, so a second copy adds a process to share the same cores, not capacity: the gain (or loss) measured here is the cost of the extra processes, not what a second machine would give.`,
      `On paper, from the 1-copy run: one summary read costs about ${fixed(serverMicros, 0)} µs of server CPU (gateway ${cpuText(one.perRequest.gateway)}, rewards ${cpuText(one.perRequest.rewards)}, PostgreSQL ${cpuText(one.perRequest.PostgreSQL)}), so one fully busy core serves about ${fixed(perCore, 0)} of them a second. A load of L reads a second needs about L × ${fixed(serverMicros / 1e6, 5)} cores in all; a rewards copy is one Node thread, so at 70 % busy it takes about ${fixed(perCopy, 0)} reads a second, and L needs ⌈L / ${fixed(perCopy, 0)}⌉ copies (1,000 reads/s: ${copiesFor1000} cop${copiesFor1000 === 1 ? 'y' : 'ies'}, two for a rolling restart without loss, and about ${fixed((1000 * serverMicros) / 1e6, 1)} cores with the gateway and PostgreSQL).`,
      'The rolling restart drains each copy (its /ready answers 503, it serves 1 s more, then finishes what it holds) and waits for the new process to be ready before the next one goes; the gateway retries a request no copy received on another copy.',
    ],
  };
};
