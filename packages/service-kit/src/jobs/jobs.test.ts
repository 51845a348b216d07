import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSql, type Sql } from '../db';
import { createJobs, type Jobs } from './jobs';

interface Run {
  at: number;
  attempt: number;
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('durable jobs', () => {
  let sql: Sql;
  let jobs: Jobs;
  let polling: Jobs;
  let otherProcess: Jobs;
  const lines: string[] = [];
  const runs = new Map<string, Run[]>();
  const record = (tag: string, attempt: number): void => {
    runs.set(tag, [...(runs.get(tag) ?? []), { at: Date.now(), attempt }]);
  };
  const runsOf = (tag: string) => runs.get(tag) ?? [];

  beforeAll(async () => {
    sql = createSql(inject('databaseUrl'), { max: 4 });
    jobs = createJobs({ databaseUrl: inject('databaseUrl'), service: 'kit_test', log: (line) => lines.push(line) });
    jobs.work<{ tag: string }>('record', async ({ tag }, job) => record(tag, job.attempt));
    jobs.work<{ tag: string }>(
      'flaky',
      async ({ tag }, job) => {
        record(tag, job.attempt);
        if (job.attempt === 1) throw new Error('the first attempt fails on purpose');
      },
      { retryDelaySeconds: 1 },
    );
    jobs.work<{ tag: string; ms: number }>('sleepy', async ({ tag, ms }, job) => {
      record(`${tag}:start`, job.attempt);
      await sleep(ms);
      record(`${tag}:end`, job.attempt);
    });
    jobs.work<{ tag: string }>(
      'hangs-once',
      async ({ tag }, job) => {
        record(tag, job.attempt);
        if (job.attempt === 1) await sleep(3_000);
      },
      { expireInSeconds: 1, retryDelaySeconds: 1 },
    );
    await jobs.start();
    // A second service whose worker is never woken at the due time: polling alone must suffice.
    polling = createJobs({ databaseUrl: inject('databaseUrl'), service: 'kit_test_polling', wakeAtDue: false, log: (line) => lines.push(line) });
    polling.work<{ tag: string }>('record', async ({ tag }, job) => record(tag, job.attempt));
    await polling.start();
    // Another process of the 'kit_test' service that only enqueues: its jobs are found in the database.
    otherProcess = createJobs({ databaseUrl: inject('databaseUrl'), service: 'kit_test', log: (line) => lines.push(line) });
    otherProcess.work('record', async () => {
      throw new Error('never started, never runs');
    });
  });
  afterAll(async () => {
    await Promise.all([jobs.stop(), polling.stop()]);
    await sql.end();
  });

  it('runs a job enqueued in a committed transaction, in the service schema', async () => {
    const id = await sql.begin((tx) => jobs.enqueue(tx, 'record', { tag: 'committed' }));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => runsOf('committed').length === 1, 5_000, 'the committed job');
    await until(async () => (await sql`select state from kit_test_jobs.job where id = ${id!}`)[0]?.state === 'completed', 2_000, 'completion');
    const [row] = await sql`select data from kit_test_jobs.job where id = ${id!}`;
    expect(row?.data).toEqual({ tag: 'committed' });
  });

  it('never runs a job whose transaction rolled back', async () => {
    let rolledBackId: string | null = null;
    await sql
      .begin(async (tx) => {
        rolledBackId = await jobs.enqueue(tx, 'record', { tag: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(rolledBackId).not.toBeNull();
    // A job committed after it has run, so the worker has fetched past the rolled-back one.
    await sql.begin((tx) => jobs.enqueue(tx, 'record', { tag: 'after-rollback' }));
    await until(() => runsOf('after-rollback').length === 1, 5_000, 'the job after the rollback');
    await sleep(600);
    expect(runsOf('rolled-back')).toEqual([]);
    expect(await sql`select id from kit_test_jobs.job where id = ${rolledBackId!}`).toHaveLength(0);
  });

  it('starts a delayed job after its delay and soon after it is due, however it is found', async () => {
    const delayMs = 2_000;
    const enqueuedAt = Date.now();
    const tags = ['delayed-own-process', 'delayed-other-process', 'delayed-polled'];
    await sql.begin(async (tx) => {
      await jobs.enqueue(tx, 'record', { tag: tags[0] }, { startAfterSeconds: delayMs / 1000 });
      await otherProcess.enqueue(tx, 'record', { tag: tags[1] }, { startAfterSeconds: delayMs / 1000 });
      await polling.enqueue(tx, 'record', { tag: tags[2] }, { startAfterSeconds: delayMs / 1000 });
    });
    await until(() => tags.every((tag) => runsOf(tag).length === 1), 6_000, 'the delayed jobs');
    for (const tag of tags) {
      const late = runsOf(tag)[0]!.at - (enqueuedAt + delayMs);
      // Due at the transaction's now(), a few ms before enqueuedAt: never meaningfully early.
      expect(late, tag).toBeGreaterThan(-100);
      // The target is <= 0.5 s (measured in bench/, jobs-lateness); this bound stays robust on a busy machine.
      expect(late, tag).toBeLessThan(1_500);
    }
  });

  it('retries a job that throws, with a delay, and logs the failure', async () => {
    await jobs.enqueue(sql, 'flaky', { tag: 'flaky' });
    await until(() => runsOf('flaky').length === 2, 8_000, 'the retry');
    const [first, second] = runsOf('flaky');
    expect([first!.attempt, second!.attempt]).toEqual([1, 2]);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
    expect(lines.some((l) => /job flaky \S+ failed on attempt 1 of 6: the first attempt fails on purpose \(it will be retried\)/.test(l))).toBe(true);
  });

  it('runs a job that falls due while a slow one runs, without waiting for it', async () => {
    await jobs.enqueue(sql, 'sleepy', { tag: 'slow', ms: 2_000 });
    await until(() => runsOf('slow:start').length === 1, 5_000, 'the slow job');
    await jobs.enqueue(sql, 'sleepy', { tag: 'quick', ms: 0 }, { startAfterSeconds: 0.2 });
    await until(() => runsOf('quick:end').length === 1, 5_000, 'the quick job');
    expect(runsOf('slow:end')).toEqual([]);
    await until(() => runsOf('slow:end').length === 1, 5_000, 'the slow job to end');
  });

  it('fails a job still running at its expiry, logs it and retries it', async () => {
    await jobs.enqueue(sql, 'hangs-once', { tag: 'hangs' });
    await until(() => runsOf('hangs').length === 2, 8_000, 'the retry after the expiry');
    expect(runsOf('hangs').map((r) => r.attempt)).toEqual([1, 2]);
    expect(lines.some((l) => /job hangs-once \S+ failed on attempt 1 of 6: still running after 1 s/.test(l))).toBe(true);
  });

  it('keeps one job per singleton key', async () => {
    const first = await jobs.enqueue(sql, 'record', { tag: 'single' }, { singletonKey: 'k1', startAfterSeconds: 0.3 });
    const second = await jobs.enqueue(sql, 'record', { tag: 'single' }, { singletonKey: 'k1' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await until(() => runsOf('single').length === 1, 5_000, 'the singleton job');
    await sleep(600);
    expect(runsOf('single')).toHaveLength(1);
  });

  it('refuses a queue without a worker, instead of dropping the job', async () => {
    await expect(jobs.enqueue(sql, 'nobody-works-here', {})).rejects.toThrow(/No worker registered/);
  });

  it('creates a declared queue without working it, for another process to work', async () => {
    const service = createJobs({ databaseUrl: inject('databaseUrl'), service: 'kit_test_declared', log: () => {} });
    service.declare('elsewhere', { expireInSeconds: 7 });
    await service.start();
    const id = await service.enqueue(sql, 'elsewhere', { tag: 'declared' });
    await sleep(1_200);
    const [waiting] = await sql`select state, extract(epoch from expire_in)::int as expire from kit_test_declared_jobs.job where id = ${id!}`;
    expect(waiting).toEqual({ state: 'created', expire: 7 });
    const worker = createJobs({ databaseUrl: inject('databaseUrl'), service: 'kit_test_declared', log: () => {} });
    worker.work<{ tag: string }>('elsewhere', async ({ tag }, job) => record(tag, job.attempt), { expireInSeconds: 7 });
    await worker.start();
    try {
      await until(() => runsOf('declared').length === 1, 5_000, 'the declared queue’s job, in the process that works it');
    } finally {
      await Promise.all([service.stop(), worker.stop()]);
    }
  });

  it('lets a running job finish on stop', async () => {
    const own = createJobs({ databaseUrl: inject('databaseUrl'), service: 'kit_test_stop', log: () => {} });
    let finished = false;
    own.work('slow', async () => {
      record('slow', 1);
      await sleep(1_000);
      finished = true;
    });
    await own.start();
    const id = await own.enqueue(sql, 'slow', {});
    await until(() => runsOf('slow').length === 1, 5_000, 'the slow job to start');
    await own.stop();
    expect(finished).toBe(true);
    const [row] = await sql`select state from kit_test_stop_jobs.job where id = ${id!}`;
    expect(row?.state).toBe('completed');
  });
});
