import { freePort, isPortFree } from '@starforge/launcher/ports';
import { fromRoot } from '@starforge/launcher/paths';
import { commandLine, descendants, isRunning, memoryOf, procInfo, type ProcInfo } from '@starforge/launcher/proc';
import { README_START_COMMAND, startReadmeCommand } from '@starforge/launcher/readme-start';
import { FOOTPRINT_BEFORE } from './footprint-before';
import type { BenchResult, Figure } from './lib/report';
import { fixed, median } from './lib/stats';

/** Timed starts after one warm-up start (which builds whatever is missing); BENCH_FOOTPRINT_RUNS for a quick proof run. */
const RUNS = Number(process.env.BENCH_FOOTPRINT_RUNS ?? 3);
/** How long the stack idles after "ready" before its memory is read. */
const IDLE_MS = 15_000;
const MiB = 1024;

interface Sampled {
  role: string;
  node: boolean;
  rssKiB: number;
  pssKiB: number;
}

interface Run {
  startMs: number;
  stopMs: number;
  processes: Sampled[];
}

/** What a process of the stack is, from its name and command line. */
const roleOf = (proc: ProcInfo): { role: string; node: boolean } => {
  const cmd = commandLine(proc.pid);
  if (proc.comm === 'postgres') return { role: 'PostgreSQL (server and its workers)', node: false };
  if (proc.comm === 'esbuild') return { role: "esbuild (tsx's transform service)", node: false };
  if (proc.comm === 'sh') return { role: 'sh -c (script shells)', node: false };
  const service = /services\/([a-z]+)\/(?:src|dist)\/server/.exec(cmd)?.[1];
  if (service) return { role: service === 'gateway' ? 'gateway' : `service: ${service}`, node: true };
  if (/tsx\/dist\/cli/.test(cmd)) return { role: 'tsx CLI (relays signals to the launcher)', node: true };
  if (/tooling\/launcher/.test(cmd)) return { role: 'launcher', node: true };
  if (/^npm exec|npx-cli/.test(cmd)) return { role: 'npx (npm exec)', node: true };
  if (/pnpm/.test(cmd)) return { role: 'pnpm', node: true };
  return { role: proc.comm, node: false };
};

const sample = (root: number): Sampled[] => {
  const top = procInfo(root);
  return [...(top ? [top] : []), ...descendants(root)].flatMap((proc) => {
    const memory = memoryOf(proc.pid);
    return memory ? [{ ...roleOf(proc), ...memory }] : [];
  });
};

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

/** One start of the README command: time to ready, memory after idling, time to stop on Ctrl-C. */
const runOnce = async (idleMs: number): Promise<Run> => {
  const port = await freePort();
  const started = startReadmeCommand({ PORT: String(port), STARFORGE_DATA_DIR: fromRoot('.data-bench-footprint') });
  const group = started.child.pid as number;
  try {
    const startMs = await started.ready;
    await new Promise((r) => setTimeout(r, idleMs));
    const processes = sample(group);
    const all = [procInfo(group), ...descendants(group)].filter((p): p is ProcInfo => p !== null);
    const stopping = performance.now();
    // Ctrl-C: the terminal sends SIGINT to the whole foreground process group.
    process.kill(-group, 'SIGINT');
    const stopped = await until(async () => all.every((p) => !isRunning(p)) && (await isPortFree(port, '127.0.0.1')), 60_000);
    if (!stopped) throw new Error(`the stack did not stop within 60 s of Ctrl-C:\n${started.output()}`);
    return { startMs, stopMs: performance.now() - stopping, processes };
  } finally {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // the group is gone, as it should be
    }
  }
};

const total = (list: Sampled[], key: 'rssKiB' | 'pssKiB') => list.reduce((kib, p) => kib + p[key], 0) / MiB;

/** Per role: how many processes, and the median over runs of their summed RSS and PSS (MiB), with RSS's spread. */
const byRole = (runs: Run[]) => {
  const roles = [...new Set(runs.flatMap((r) => r.processes.map((p) => p.role)))];
  return roles.map((role) => {
    const per = runs.map((r) => r.processes.filter((p) => p.role === role));
    const rss = per.map((p) => total(p, 'rssKiB'));
    return {
      role,
      count: Math.max(...per.map((p) => p.length)),
      rss: median(rss),
      rssRange: `${fixed(Math.min(...rss), 0)}–${fixed(Math.max(...rss), 0)}`,
      pss: median(per.map((p) => total(p, 'pssKiB'))),
    };
  });
};

export const footprintBench = async (): Promise<BenchResult> => {
  console.log(`  warm-up: ${README_START_COMMAND} (builds whatever is missing)`);
  const warmUp = await runOnce(0);
  const runs: Run[] = [];
  for (let i = 1; i <= RUNS; i += 1) {
    const run = await runOnce(IDLE_MS);
    console.log(
      `  run ${i}: ready in ${(run.startMs / 1000).toFixed(1)} s, Node processes ${total(
        run.processes.filter((p) => p.node),
        'rssKiB',
      ).toFixed(0)} MiB RSS`,
    );
    runs.push(run);
  }
  const nodeRss = runs.map((r) =>
    total(
      r.processes.filter((p) => p.node),
      'rssKiB',
    ),
  );
  const roles = byRole(runs);
  const role = (name: string) => roles.find((r) => r.role === name)?.rss ?? null;
  const services = roles.filter((r) => r.role.startsWith('service: ')).map((r) => r.rss);

  type Key = keyof typeof FOOTPRINT_BEFORE.figures;
  const headline: (Figure & { key: Key })[] = [
    {
      key: 'start',
      label: `Start: \`${README_START_COMMAND}\` → ready line, nothing to build (median of ${RUNS})`,
      value: median(runs.map((r) => r.startMs / 1000)),
      unit: 's',
    },
    { key: 'nodeRss', label: 'Idle RSS, all Node processes summed (median run)', value: median(nodeRss), unit: 'MiB', decimals: 0 },
    { key: 'nodeCount', label: 'Node processes', value: runs[0]?.processes.filter((p) => p.node).length ?? null, unit: '', decimals: 0 },
    { key: 'launcher', label: 'Idle RSS, launcher', value: role('launcher'), unit: 'MiB', decimals: 0 },
    { key: 'gateway', label: 'Idle RSS, gateway', value: role('gateway'), unit: 'MiB', decimals: 0 },
    { key: 'service', label: 'Idle RSS, a domain service (median of six)', value: services.length ? median(services) : null, unit: 'MiB', decimals: 0 },
    {
      key: 'allPss',
      label: 'Idle PSS, every process of the stack incl. PostgreSQL (shared pages counted once)',
      value: median(runs.map((r) => total(r.processes, 'pssKiB'))),
      unit: 'MiB',
      decimals: 0,
    },
    {
      key: 'stop',
      label: 'Stop: Ctrl-C (SIGINT to the process group) → every process gone, port free (median)',
      value: median(runs.map((r) => r.stopMs / 1000)),
      unit: 's',
    },
  ];
  const figures: Figure[] = [
    ...headline.map(({ key: _key, ...figure }) => figure),
    { label: 'Warm-up start (builds whatever was missing or stale)', value: warmUp.startMs / 1000, unit: 's' },
  ];
  const allRoles = [...new Set([...Object.keys(FOOTPRINT_BEFORE.processes), ...roles.map((r) => r.role)])];
  const change = (before: number, now: number | null) => (now === null ? '—' : `${now >= before ? '+' : ''}${fixed(((now - before) / before) * 100, 0)} %`);

  return {
    name: 'footprint',
    title: 'Footprint: idle memory and start time of `pnpm start`',
    command: '',
    figures,
    tables: [
      {
        title: `Before and now: before = ${FOOTPRINT_BEFORE.code}, measured by this benchmark on ${FOOTPRINT_BEFORE.date}`,
        head: ['Figure', 'Before', 'Now', 'Change'],
        rows: headline.map((f) => {
          const before = FOOTPRINT_BEFORE.figures[f.key];
          const decimals = f.decimals ?? 1;
          return [
            f.label,
            `${fixed(before, decimals)} ${f.unit}`.trim(),
            `${fixed(f.value ?? Number.NaN, decimals)} ${f.unit}`.trim(),
            change(before, f.value),
          ];
        }),
      },
      {
        title: `Idle memory by process (MiB, median over ${RUNS} runs, ${IDLE_MS / 1000} s after ready; "before" as above)`,
        head: ['Process', 'Count', 'RSS before', 'RSS now', 'RSS now, min–max', 'PSS before', 'PSS now'],
        rows: allRoles.map((name) => {
          const now = roles.find((r) => r.role === name);
          const before = FOOTPRINT_BEFORE.processes[name];
          return [
            name,
            now ? String(now.count) : '0',
            before ? String(before.rss) : '—',
            now ? fixed(now.rss, 0) : '—',
            now?.rssRange ?? '—',
            before ? String(before.pss) : '—',
            now ? fixed(now.pss, 0) : '—',
          ];
        }),
      },
      {
        title: 'Every run',
        head: ['Run', 'Command → ready', 'Node RSS (sum)', 'All PSS (sum)', 'Ctrl-C → all gone'],
        rows: runs.map((r, i) => [
          String(i + 1),
          `${fixed(r.startMs / 1000)} s`,
          `${fixed(nodeRss[i] ?? Number.NaN, 0)} MiB`,
          `${fixed(total(r.processes, 'pssKiB'), 0)} MiB`,
          `${fixed(r.stopMs / 1000)} s`,
        ]),
      },
    ],
    notes: [
      `The README's command, \`${README_START_COMMAND}\`, started in a session of its own as a process manager does, on a free port with its data under .data-bench-footprint/; one warm-up start first so that the timed starts build nothing.`,
      'RSS counts every page a process maps, shared ones (the node binary, PostgreSQL\u2019s shared buffers) once per process, as `ps` does; PSS divides each shared page among the processes that map it, so PSS sums are what the stack holds.',
      'Now: the services and the gateway run as compiled JavaScript (`node --enable-source-maps services/<name>/dist/server.js`, esbuild bundles, tooling/launcher/src/compile-services.ts); the launcher runs under tsx\u2019s loader (`node --import tsx`), without tsx\u2019s CLI process in front of it. Before: all of them TypeScript under tsx.',
      '"Ready" is the launcher\u2019s ready line, printed once every service answers its health check and the gateway answers /remotes.json.',
    ],
  };
};
