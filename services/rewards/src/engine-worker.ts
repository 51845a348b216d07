import { readdirSync } from 'node:fs';
import { hostname, setPriority } from 'node:os';
import { createJobs, createSql, ENGINE_WORKER_SPARE_CONNECTIONS, onLauncherExit, readPoolSizes, readServiceEnv } from '@starforge/service-kit';
import { readRewardsConfig } from './config/env';
import { lazyContractEngine, type ContractEngine } from './domain/contract-runs';
import { startEngineRunOutbox } from './domain/engine-run-outbox';
import { serveEngineHealth } from './engine-worker-health';
import { registerEngineJobs } from './jobs';

// An engine worker: takes contract runs from the rewards service's durable queue (pg-boss in
// `rewards_jobs`, same PostgreSQL), compiles and runs them in its engine's worker threads and
// finishes them in the database as the service would. Run as many as the machines allow; each
// needs DATABASE_URL and the schema the rewards service migrated (README.md, "Engine workers").

const log = (line: string) => console.log(`[engine] ${line}`);
const env = readServiceEnv();
const config = readRewardsConfig();
const { workers, runTimeoutMs, memoryMb, suiteMemoryMb, stopGraceMs, healthPort, nice, compileCache } = config.engine;
// Every thread at the engine's priority, before any engine thread starts: on Linux a nice value
// is a thread's own (V8's and libuv's threads, already running, would keep theirs, and V8 compiles
// solc's WebAssembly on them) and a new thread takes its creator's.
setPriority(nice);
try {
  for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), nice);
} catch {
  // Not Linux: the process's priority is all there is.
}

// Each run holds a connection only while it reads or finishes; progress and /health share the rest.
const sql = createSql(env.DATABASE_URL, { max: workers + ENGINE_WORKER_SPARE_CONNECTIONS, schema: 'rewards' });
const [schema] = await sql<{ ready: boolean }[]>`select to_regclass('rewards.test_runs') is not null as ready`;
if (!schema?.ready) {
  console.error('[engine] the rewards schema is not there yet: start the rewards service once against this database (it migrates), then the workers');
  await sql.end();
  process.exit(1);
}

let running = 0;
let finished = 0;
const pool = lazyContractEngine({
  size: workers,
  runTimeoutMs,
  memoryMb,
  suiteMemoryMb,
  ...(compileCache ? { compileCacheDir: compileCache.dir, compileCacheMaxBytes: compileCache.maxBytes } : {}),
  log: (line) => console.error(`[engine] ${line}`),
});
const engine: ContractEngine = {
  run: async (request, onProgress) => {
    running += 1;
    try {
      return await pool.run(request, onProgress);
    } finally {
      running -= 1;
      finished += 1;
    }
  },
  close: pool.close,
};

const jobs = createJobs({ databaseUrl: env.DATABASE_URL, service: 'rewards', poolMax: readPoolSizes('rewards').jobs, log });
registerEngineJobs(jobs, sql, { engine, runTimeoutMs, concurrency: workers, log });
await jobs.start();

const startedAt = new Date().toISOString();
const health = serveEngineHealth(
  { port: healthPort, host: env.HOST, sql, status: () => ({ host: hostname(), pid: process.pid, concurrency: workers, running, finished, startedAt }) },
  // The launcher reads this line, as a service's, to know the worker is up.
  (url) => log(`listening on ${url} (GET /health)`),
);
log(`ready on ${hostname()} (pid ${process.pid}): up to ${workers} contract run(s) at once, each within ${runTimeoutMs / 1000} s, at nice ${nice}`);
// Other domains' engine runs whose turn came get their jobs here as in the service (the outbox).
const outbox = await startEngineRunOutbox(sql, jobs, { log });

let stopping = false;
/**
 * Stops taking runs, lets the ones it holds finish for up to ENGINE_STOP_GRACE_MS and hands the
 * rest back to the queue (failed for a retry: another worker takes them at once, and the finish
 * is idempotent), then stops the engine and closes its pools.
 */
const stop = async (why: string) => {
  if (stopping) return;
  stopping = true;
  log(`${why}: stopping; ${running} run(s) under way get up to ${stopGraceMs / 1000} s, then go back to the queue`);
  health.close();
  await outbox.stop();
  await jobs.stop({ timeoutMs: stopGraceMs }).catch((error: unknown) => console.error('[engine] jobs did not stop cleanly', error));
  await engine.close();
  await sql.end({ timeout: 5 });
  log('stopped');
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGHUP', () => void stop('SIGHUP'));
onLauncherExit(() => void stop('launcher exited'));
