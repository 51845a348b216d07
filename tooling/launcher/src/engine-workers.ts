import { z } from 'zod';
import { ensureServicesCompiled } from './compile-services';
import { ENGINE_WORKER, serviceEntry } from './service-entry';
import { startSupervised } from './supervisor';

// `pnpm engine-workers`: engine worker processes only, for a machine that adds contract-run
// capacity to a running product: they take runs from the product's database (DATABASE_URL) and
// are restarted when they die, like `pnpm start`'s. Ctrl-C stops them (runs under way finish or
// go back to the queue).
const env = z
  .object({
    DATABASE_URL: z.string().url().optional(),
    ENGINE_WORKER_PROCESSES: z.coerce.number().int().min(1).max(16).default(1),
    // The first worker's /health port, the next ones' after it (unset: any free port each, printed).
    ENGINE_HEALTH_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  })
  .parse(process.env);
if (!env.DATABASE_URL) {
  console.error(
    'Starforge engine workers: set DATABASE_URL to the PostgreSQL the product runs on (the rewards service’s), e.g. DATABASE_URL=postgres://user:pass@db-host:5432/starforge',
  );
  process.exit(1);
}
const log = (line: string) => console.log(line);

await ensureServicesCompiled(log);
const workers = Array.from({ length: env.ENGINE_WORKER_PROCESSES }, (_, i) =>
  startSupervised(
    env.ENGINE_WORKER_PROCESSES > 1 ? `${ENGINE_WORKER}-${i + 1}` : ENGINE_WORKER,
    serviceEntry(ENGINE_WORKER),
    { DATABASE_URL: env.DATABASE_URL, NODE_ENV: 'production', ENGINE_HEALTH_PORT: String(env.ENGINE_HEALTH_PORT ? env.ENGINE_HEALTH_PORT + i : 0) },
    log,
  ),
);
let stopping = false;
const stop = async (why: string) => {
  if (stopping) return;
  stopping = true;
  log(`Starforge engine workers: ${why}, stopping...`);
  await Promise.all(workers.map((w) => w.stop()));
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
try {
  const urls = await Promise.all(workers.map((w) => w.listening));
  log(`\n  ✔ ${workers.length} engine worker(s) take contract runs (health: ${urls.map((u) => `${u}/health`).join(', ')}); Ctrl-C stops them\n`);
} catch (error) {
  console.error('Starforge engine workers: could not start:', error instanceof Error ? error.message : error);
  await stop('a worker did not start');
}
