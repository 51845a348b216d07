import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import autocannon from 'autocannon';
import { describeForeign, watchForeignCpu } from './lib/foreign-cpu';
import type { StackHolder } from './lib/stack';
import { fixed, median } from './lib/stats';
import { atMost, type BenchResult, type Figure } from './lib/report';

const CONNECTIONS = 50;
const SECONDS = 10;
const ROUNDS = 3;
const WARM_UP_SECONDS = 2;
const RATIO_TARGET = 0.7;
const P99_TARGET_MS = 25;
/** Twice the shell page's rate before the gateway answered it from memory (about 5,400 req/s). */
const SHELL_TARGET = 10_800;

/** The process listening on a loopback TCP port (Linux /proc), to read its CPU time; null elsewhere. */
const pidListeningOn = (port: number): number | null => {
  try {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const inodes = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        // local_address is "ADDR:PORT"; state 0A is LISTEN; column 9 is the socket's inode.
        if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A' && cols[9]) inodes.add(cols[9]);
      }
    }
    for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
      let fds: string[];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m?.[1] && inodes.has(m[1])) return Number(pid);
        } catch {
          // the descriptor closed while we looked
        }
      }
    }
  } catch {
    // no /proc
  }
  return null;
};

/** CPU time a process has used (user + system), in µs; null when it cannot be read. */
const cpuMicros = (pid: number | null): number | null => {
  if (pid === null) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // clock ticks of 10 ms
  } catch {
    return null;
  }
};

interface Run {
  reqPerS: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU µs each process spent per request during the run. */
  gatewayUs: number | null;
  authUs: number | null;
  foreign: number | null;
}

/**
 * The gateway's cost: `GET /api/auth/health` (one `select 1`) through the gateway and on the
 * auth service directly, in alternating rounds of the same run, and the shell page `GET /`.
 */
export const gatewayLoadBench = async ({
  stack,
  seconds = SECONDS,
  rounds = ROUNDS,
}: {
  stack: StackHolder;
  seconds?: number;
  rounds?: number;
}): Promise<BenchResult> => {
  const running = await stack.get({ frontends: true });
  const gatewayHealth = `${running.ipUrl}/api/auth/health`;
  const directHealth = `${running.stack.services.auth}/api/auth/health`;
  const shellPage = `${running.ipUrl}/`;
  const gatewayPid = pidListeningOn(Number(new URL(running.ipUrl).port));
  const authPid = pidListeningOn(Number(new URL(running.stack.services.auth).port));

  const load = async (url: string, duration: number, headers?: Record<string, string>): Promise<Run> => {
    const foreign = watchForeignCpu();
    const [g0, a0] = [cpuMicros(gatewayPid), cpuMicros(authPid)];
    const r = await autocannon({ url, connections: CONNECTIONS, duration, ...(headers ? { headers } : {}) });
    const [g1, a1] = [cpuMicros(gatewayPid), cpuMicros(authPid)];
    const n = r.requests.total || 1;
    return {
      reqPerS: r['2xx'] / r.duration,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      gatewayUs: g0 !== null && g1 !== null ? (g1 - g0) / n : null,
      authUs: a0 !== null && a1 !== null ? (a1 - a0) / n : null,
      foreign: foreign(),
    };
  };

  console.log(`  warm-up: ${WARM_UP_SECONDS} s each on the gateway and the auth service`);
  await load(gatewayHealth, WARM_UP_SECONDS);
  await load(directHealth, WARM_UP_SECONDS);
  await load(shellPage, WARM_UP_SECONDS, { 'accept-encoding': 'br, gzip' });

  console.log(`  ${rounds} rounds of ${seconds} s, direct then through the gateway, ${CONNECTIONS} connections`);
  const pairs: { direct: Run; gateway: Run }[] = [];
  for (let i = 0; i < rounds; i++) {
    const direct = await load(directHealth, seconds);
    const gateway = await load(gatewayHealth, seconds);
    pairs.push({ direct, gateway });
    console.log(
      `    round ${i + 1}: direct ${fixed(direct.reqPerS, 0)} req/s p99 ${direct.p99} ms; gateway ${fixed(gateway.reqPerS, 0)} req/s p99 ${gateway.p99} ms; ratio ${fixed((100 * gateway.reqPerS) / direct.reqPerS, 0)}%`,
    );
  }
  console.log(`  GET / on the gateway: ${seconds} s`);
  const shell = await load(shellPage, seconds, { 'accept-encoding': 'br, gzip' });
  console.log(`    ${fixed(shell.reqPerS, 0)} req/s p99 ${shell.p99} ms`);

  const ratios = pairs.map((p) => p.gateway.reqPerS / p.direct.reqPerS);
  const ratio = median(ratios);
  const gatewayP99 = median(pairs.map((p) => p.gateway.p99));
  const us = (v: number | null) => (v === null ? 'n/a' : `${fixed(v, 0)} µs`);
  const medianOf = (values: (number | null)[]) => (values.every((v) => v !== null) ? median(values as number[]) : null);
  const gatewayCpu = medianOf(pairs.map((p) => p.gateway.gatewayUs));
  const authCpuDirect = medianOf(pairs.map((p) => p.direct.authUs));

  const figures: Figure[] = [
    {
      label: `GET /api/auth/health through the gateway, as a share of the auth service asked directly (${CONNECTIONS} connections, median of ${rounds} alternating rounds)`,
      value: 100 * ratio,
      unit: '%',
      decimals: 0,
      target: `≥ ${100 * RATIO_TARGET} %`,
      met: Number.isFinite(ratio) ? ratio >= RATIO_TARGET : undefined,
      note: `rounds: ${ratios.map((r) => `${fixed(100 * r, 0)}%`).join(', ')}`,
    },
    { label: 'GET /api/auth/health through the gateway: req/s (median round)', value: median(pairs.map((p) => p.gateway.reqPerS)), unit: 'req/s', decimals: 0 },
    {
      label: 'GET /api/auth/health on the auth service directly: req/s (median round)',
      value: median(pairs.map((p) => p.direct.reqPerS)),
      unit: 'req/s',
      decimals: 0,
    },
    {
      label: `GET /api/auth/health through the gateway: latency p99 (median round)`,
      value: gatewayP99,
      unit: 'ms',
      decimals: 0,
      target: `≤ ${P99_TARGET_MS} ms`,
      met: atMost(gatewayP99, P99_TARGET_MS),
    },
    {
      label: 'Gateway CPU per proxied request (median round)',
      value: gatewayCpu,
      unit: 'µs',
      decimals: 0,
      note: `the auth service itself spends ${us(authCpuDirect)} per health request asked directly; CPU time from /proc, steadier than req/s on a shared machine`,
    },
    {
      label: `GET / (the shell page, brotli) on the gateway: req/s`,
      value: shell.reqPerS,
      unit: 'req/s',
      decimals: 0,
      target: `≥ ${SHELL_TARGET}`,
      met: shell.reqPerS >= SHELL_TARGET,
      note: `p99 ${shell.p99} ms, gateway CPU ${us(shell.gatewayUs)} per request`,
    },
  ];

  const row = (label: string, r: Run) => [
    label,
    fixed(r.reqPerS, 0),
    `${r.p50} ms`,
    `${r.p99} ms`,
    String(r.non2xx),
    String(r.errors),
    us(r.gatewayUs),
    us(r.authUs),
    describeForeign(r.foreign),
  ];
  return {
    name: 'gateway',
    title: 'Gateway: proxy cost against the service asked directly, and the shell page',
    command: 'pnpm bench gateway',
    figures,
    tables: [
      {
        title: `Alternating rounds (autocannon in the bench process, ${CONNECTIONS} connections, ${seconds} s each)`,
        head: ['Run', 'req/s (2xx)', 'p50', 'p99', 'non-2xx', 'errors', 'gateway CPU/req', 'auth CPU/req', 'CPU used by other processes'],
        rows: [
          ...pairs.flatMap((p, i) => [row(`round ${i + 1}: auth directly`, p.direct), row(`round ${i + 1}: through the gateway`, p.gateway)]),
          row('GET / on the gateway', shell),
        ],
      },
    ],
    notes: [
      "The gateway answers `/api/<service>/*` on Node's own request and response with an undici Pool per service, and the shell page from memory; see services/gateway/src/gateway-server.ts.",
      'Direct and gateway runs alternate so that both see the same machine; the ratio of each pair is reported, and its median is the figure.',
      "Client, gateway, auth service and PostgreSQL share the machine's cores: through the gateway, the gateway's own CPU comes out of what the service could use, so the ratio measures the proxy's cost on this machine, not on one where the gateway has its own cores.",
    ],
  };
};
