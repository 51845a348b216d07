import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CONTRACTS } from '@starforge/contracts/rewards';
import { serviceProcesses } from '@starforge/test-db/service-process';
import type { TestRun } from '@starforge/contracts/rewards';
import { testAppOf } from '@starforge/test-db/harness';
import { createApp } from './app';
import { EXECUTE_CONTRACT_RUN_JOB } from './domain/contract-runs';
import { CONTRACT_RUN_EXPIRY_MARGIN_SECONDS, registerRewardsJobs } from './jobs';
import { callAs, eventually, ledgerBreaks, rewardsTestContext, signIn, testConfig, testJobs, type RewardsTestContext } from './testing/harness';

// These tests use the real queues (`rewards_jobs`), as the service and its engine workers do.
const ctx = rewardsTestContext();
const serviceDir = fileURLToPath(new URL('..', import.meta.url));
const services = serviceProcesses('rewards', serviceDir);
const workers = serviceProcesses('rewards', serviceDir, { entry: 'src/engine-worker.ts' });
// A short run limit, so a dead worker's job expires 25 s after it was taken; one run at a time.
const RUN_TIMEOUT_MS = 5_000;
const engineEnv = { ENGINE_RUN_TIMEOUT_MS: String(RUN_TIMEOUT_MS), ENGINE_WORKERS: '1' };
const EXPIRES_MS = RUN_TIMEOUT_MS + CONTRACT_RUN_EXPIRY_MARGIN_SECONDS * 1000;

/** An engine worker process, with what it printed so far. */
const startWorker = async (env: NodeJS.ProcessEnv = {}) => {
  const child = await workers.start({ ...engineEnv, ...env });
  return { child, printed: child.printed };
};
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Each thread's nice value in a Linux process (field 19 of /proc/<pid>/task/<tid>/stat, after the name in parentheses). */
const threadNice = (pid: number): { tid: string; nice: number }[] =>
  readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return { tid, nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
  });

/** The service's routes on the real queues, enqueueing only (as the service does). */
const service = (): RewardsTestContext => {
  const queue = testJobs('rewards');
  registerRewardsJobs(queue, ctx.sql, { runTimeoutMs: RUN_TIMEOUT_MS });
  return { ...ctx, jobs: queue, app: testAppOf(createApp(ctx.sql, { jobs: queue, config: testConfig, keys: ctx.tokens.keys }), 'rewards') };
};
const counter = SAMPLE_CONTRACTS.find((s) => s.id === 'counter')?.source;
const startContractRun = async (who: Awaited<ReturnType<typeof signIn>>) => {
  const response = await callAs(service(), who, 'POST', '/test-runs', {
    body: { network: 'sepolia', test_type: 'smart_contract', contract: { source: counter } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as TestRun;
};
const statusOf = async (runId: string) => (await ctx.sql`select status from rewards.test_runs where id = ${runId}`)[0]?.status as string;
const jobStates = async (runId: string) =>
  (await ctx.sql`select state from rewards_jobs.job where name = ${EXECUTE_CONTRACT_RUN_JOB} and data->>'runId' = ${runId}`).map((r) => r.state as string);
/** What finishing the run wrote, which must be there once: its credit and its live event. */
const finishedOnce = async (runId: string) => {
  const [row] = await ctx.sql<{ credits: number; finishedEvents: number; compilingEvents: number }[]>`
    select (select count(*)::int from rewards.transactions where idempotency_key = ${`test_run:${runId}`}) as credits,
           (select count(*)::int from events.events where type = 'rewards.test_run_finished' and data->>'runId' = ${runId}) as finished_events,
           (select count(*)::int from events.events where type = 'rewards.test_run_progress' and data->>'runId' = ${runId} and data->>'phase' = 'compiling') as compiling_events`;
  return row;
};

describe('engine workers: contract runs leave the rewards service', () => {
  let waiting: TestRun;

  it('the service alone enqueues a contract run and runs none of it', async () => {
    const who = await signIn(ctx);
    const rewards = await services.start(engineEnv);
    try {
      waiting = await startContractRun(who);
      // Far longer than a compile and run of the counter sample takes here.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(await statusOf(waiting.id)).toBe('running');
      expect(await jobStates(waiting.id)).toEqual(['created']);
      expect(await finishedOnce(waiting.id)).toEqual({ credits: 0, finishedEvents: 0, compilingEvents: 0 });
    } finally {
      rewards.kill('SIGTERM');
      await exited(rewards);
    }
  }, 60_000);

  it('an engine worker takes the waiting run and finishes it once: its result, one credit, one live event', async () => {
    const worker = await startWorker();
    try {
      await eventually(async () => (await statusOf(waiting.id)) !== 'running', 60_000, 250);
      // Every thread, the engine's included, runs at its lower priority (ENGINE_NICE, 10), so a service on the same machine goes first.
      const threads = threadNice(worker.child.pid as number);
      expect(threads.length).toBeGreaterThan(5);
      expect(threads.filter((t) => t.nice !== 10)).toEqual([]);
    } finally {
      worker.child.kill('SIGTERM');
      expect(await exited(worker.child)).toBe(0);
    }
    const [row] = await ctx.sql`select status, gas_used, result->>'total_gas' as total from rewards.test_runs where id = ${waiting.id}`;
    expect(row?.status).toBe('completed');
    expect(row?.gasUsed).toBe(Number(row?.total));
    expect(await finishedOnce(waiting.id)).toEqual({ credits: 1, finishedEvents: 1, compilingEvents: 1 });
    expect(worker.printed()).toContain(`took run ${waiting.id}`);
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  }, 90_000);

  it('a worker killed mid-run loses nothing: another finishes the run once', async () => {
    const who = await signIn(ctx);
    const [a, b] = await Promise.all([startWorker(), startWorker()]);
    const run = await startContractRun(who);
    const took = (w: typeof a) => w.printed().includes(`took run ${run.id}`);
    await eventually(() => took(a) || took(b), 30_000, 20);
    const [holder, other] = took(a) ? [a, b] : [b, a];
    holder.child.kill('SIGKILL');
    await exited(holder.child);
    const killedAt = Date.now();
    expect(await statusOf(run.id)).toBe('running');
    try {
      // Back within the job's expiry (the run limit + the margin) and a retry's delay.
      await eventually(async () => (await statusOf(run.id)) !== 'running', EXPIRES_MS + 20_000, 250);
    } finally {
      other.child.kill('SIGTERM');
      await exited(other.child);
    }
    expect(Date.now() - killedAt).toBeLessThan(EXPIRES_MS + 20_000);
    expect(await statusOf(run.id)).toBe('completed');
    expect(other.printed()).toContain(`took run ${run.id}`);
    const { credits, finishedEvents } = (await finishedOnce(run.id))!;
    expect({ credits, finishedEvents }).toEqual({ credits: 1, finishedEvents: 1 });
    expect(await ledgerBreaks(ctx.sql)).toEqual([]);
  }, 120_000);

  it('a worker told to stop (SIGTERM) lets the run it holds finish, then exits', async () => {
    const who = await signIn(ctx);
    const worker = await startWorker({ ENGINE_STOP_GRACE_MS: '20000' });
    const run = await startContractRun(who);
    await eventually(() => worker.printed().includes(`took run ${run.id}`), 30_000, 20);
    worker.child.kill('SIGTERM');
    expect(await exited(worker.child)).toBe(0);
    expect(worker.printed()).toContain(`finished run ${run.id}`);
    expect(await statusOf(run.id)).toBe('completed');
    expect(await jobStates(run.id)).toEqual(['completed']);
  }, 90_000);
});
