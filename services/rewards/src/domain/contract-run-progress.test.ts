import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rewardsTestContext, signIn } from '../testing/harness';
import { progressPublisher } from './contract-run-progress';

const ctx = rewardsTestContext();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const progressEvents = async (runId: string) =>
  (
    await ctx.sql<{ data: { phase: string; testsDone: number; testsTotal: number } }[]>`
      select data from events.events where type = 'rewards.test_run_progress' and data->>'runId' = ${runId} order by id`
  ).map((row) => row.data);

describe('a run’s live progress (rewards.test_run_progress)', () => {
  it('says compiling when the run is taken, then the latest count at most every interval', async () => {
    const who = await signIn(ctx);
    const runId = randomUUID();
    const progress = progressPublisher(ctx.sql, { userId: who.id, runId }, { intervalMs: 200 });
    await progress.compiling();
    const started = Date.now();
    for (let done = 1; done <= 30; done += 1) {
      progress.report({ testsDone: done, testsTotal: 30 });
      await sleep(20);
    }
    const elapsed = Date.now() - started;
    // The last count goes out at the end of its interval.
    await sleep(300);
    await progress.close();
    progress.report({ testsDone: 31, testsTotal: 31 });
    await sleep(300);

    const events = await progressEvents(runId);
    expect(events[0]).toEqual({ runId, phase: 'compiling', testsDone: 0, testsTotal: 0 });
    const running = events.slice(1);
    expect(running.every((e) => e.phase === 'running')).toBe(true);
    // 30 reports over ~0.6 s: one event per 200 ms and the last, not one per report.
    expect(running.length).toBeGreaterThanOrEqual(2);
    expect(running.length).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 1);
    expect(running.at(-1)).toEqual({ runId, phase: 'running', testsDone: 30, testsTotal: 30 });
    const counts = running.map((e) => e.testsDone);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  it('logs an event it cannot publish and never fails the run for it', async () => {
    const who = await signIn(ctx);
    const lines: string[] = [];
    const progress = progressPublisher(ctx.sql, { userId: who.id, runId: 'not-a-run-id' }, { log: (line) => lines.push(line) });
    await expect(progress.compiling()).resolves.toBeUndefined();
    await progress.close();
    expect(lines).toEqual([expect.stringMatching(/^run not-a-run-id: could not publish its progress: /)]);
  });
});
