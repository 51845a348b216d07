import { createJobs, createSql, type Jobs } from '@starforge/service-kit';
import type { StackHolder } from './lib/stack';
import { fixed, median, percentile } from './lib/stats';
import { atMost, type BenchResult, type Figure } from './lib/report';

/** 200 jobs due over 10 s by default; BENCH_JOBS_COUNT / BENCH_JOBS_SECONDS make a quick proof run. */
const COUNT = Number(process.env.BENCH_JOBS_COUNT ?? 200);
const SPREAD_SECONDS = Number(process.env.BENCH_JOBS_SECONDS ?? 10);
/** The first job is due this long after the enqueueing starts, so every job is enqueued before it is due. */
const LEAD_SECONDS = 2;
const TARGET_MS = 500;

interface ModeResult {
  label: string;
  lateness: number[];
  ran: number;
  enqueueMs: number;
}

type Mode = 'own' | 'other' | 'polling';
const MODES: { mode: Mode; label: string }[] = [
  { mode: 'own', label: "enqueued by the worker's process" },
  { mode: 'other', label: 'enqueued by another process' },
  { mode: 'polling', label: 'polling alone (0.5 s)' },
];

/**
 * Enqueues COUNT jobs, each in its own transaction (as a request would), due evenly over
 * SPREAD_SECONDS, and records each one's lateness: from its due time (the database's start_after)
 * to its handler starting. Three ways a worker learns a job is due: its own process enqueued it
 * (a timer set at enqueue), another process did (or the job waited through a restart: found by
 * the look-ahead in the database every 2 s), or polling alone (the floor, wake-ups disabled).
 */
const runMode = async (databaseUrl: string, service: string, mode: Mode, label: string): Promise<ModeResult> => {
  const lateness: number[] = [];
  const seen = new Set<string>();
  let ran = 0;
  const log = (line: string) => console.log(`  [${service}] ${line}`);
  const jobs: Jobs = createJobs({ databaseUrl, service, wakeAtDue: mode !== 'polling', log });
  jobs.work<{ n: number }>('bench.tick', async (_data, job) => {
    lateness.push(Date.now() - job.startAfter.getTime());
    if (!seen.has(job.id)) ran += 1;
    seen.add(job.id);
  });
  await jobs.start();
  // 'other': a second instance of the same service that enqueues but runs no worker.
  const enqueuer = mode === 'other' ? createJobs({ databaseUrl, service, log }) : jobs;
  if (enqueuer !== jobs) enqueuer.work('bench.tick', async () => {});
  const sql = createSql(databaseUrl, { max: 4 });
  try {
    const began = Date.now();
    for (let n = 0; n < COUNT; n += 1) {
      const startAfter = new Date(began + (LEAD_SECONDS + (n * SPREAD_SECONDS) / COUNT) * 1000);
      await sql.begin((tx) => enqueuer.enqueue(tx, 'bench.tick', { n }, { startAfter }));
    }
    const enqueueMs = Date.now() - began;
    const deadline = began + (LEAD_SECONDS + SPREAD_SECONDS + 10) * 1000;
    while (lateness.length < COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    return { label, lateness, ran, enqueueMs };
  } finally {
    await jobs.stop();
    await sql.end();
  }
};

export const jobsLatenessBench = async ({ stack }: { stack: StackHolder }): Promise<BenchResult> => {
  const { stack: running } = await stack.get();
  const suffix = `${process.pid}_${Date.now()}`;
  const modes: ModeResult[] = [];
  for (const { mode, label } of MODES) modes.push(await runMode(running.databaseUrl, `bench_${mode}_${suffix}`, mode, label));

  const figures: Figure[] = modes.flatMap((m) => {
    const p99 = percentile(m.lateness, 99);
    // Polling alone is a floor to compare with, not a way the product runs: no target.
    const target = m.label.startsWith('polling') ? {} : { target: `≤ ${TARGET_MS} ms`, met: atMost(p99, TARGET_MS) };
    return [
      { label: `Lateness p50, ${m.label}`, value: median(m.lateness), unit: 'ms', decimals: 0 },
      { label: `Lateness p99, ${m.label}`, value: p99, unit: 'ms', decimals: 0, ...target },
      { label: `Lateness max, ${m.label}`, value: m.lateness.length ? Math.max(...m.lateness) : null, unit: 'ms', decimals: 0 },
      { label: `Jobs that ran, ${m.label}`, value: m.ran, unit: `of ${COUNT}`, decimals: 0, target: `${COUNT}`, met: m.ran === COUNT },
    ];
  });

  return {
    name: 'jobs',
    title: 'Durable jobs: lateness from due to started',
    command: '',
    figures,
    tables: [
      {
        title: 'Per mode',
        head: ['Mode', 'Jobs', 'Handler starts', 'Enqueue (all, one transaction each)', 'p50 ms', 'p99 ms', 'max ms'],
        rows: modes.map((m) => [
          m.label,
          String(COUNT),
          String(m.lateness.length),
          `${m.enqueueMs} ms`,
          fixed(median(m.lateness), 0),
          fixed(percentile(m.lateness, 99), 0),
          m.lateness.length ? fixed(Math.max(...m.lateness), 0) : '—',
        ]),
      },
    ],
    notes: [
      `${COUNT} jobs due evenly over ${SPREAD_SECONDS} s (the first ${LEAD_SECONDS} s after enqueueing starts), each enqueued in its own transaction through service-kit's jobs (pg-boss 10, up to 10 running at once per queue).`,
      "Lateness = handler start (Node clock) − the job's start_after (database clock, same machine). A job due in the database becomes fetchable only after its transaction commits.",
      "A service wakes its worker at a job's due time: at once for jobs it enqueues itself, and by looking 3 s ahead in the database every 2 s for the others (another replica's, retries, jobs that waited through a restart). \"Polling alone\" turns both off: up to one polling interval (0.5 s, pg-boss's floor) plus the fetch.",
    ],
  };
};
