import type PgBoss from 'pg-boss';

/** What a handler learns about the job it runs. */
export interface JobContext {
  /** Stable across retries: a good idempotency key for the job's effect. */
  id: string;
  name: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  maxAttempts: number;
  /** When the job became due (database clock). */
  startAfter: Date;
}

/**
 * Runs one job. Delivery is at least once (a worker killed mid-job, or one that outlives the
 * queue's expiry, runs the job again), so a handler must be idempotent: write its effect and a
 * mark keyed by `job.id` (or the domain's own unique key) in ONE transaction, and do nothing when
 * the mark is already there. See README.md beside this file.
 */
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface QueueRunner {
  /** Fetch now instead of at the next poll (a job just became due). */
  wake: () => void;
  /** Stops fetching and waits up to `timeoutMs` for running jobs; the rest are failed (retried later). */
  stop: (timeoutMs: number) => Promise<void>;
}

interface QueueRunnerOptions {
  boss: PgBoss;
  name: string;
  handler: JobHandler<object>;
  concurrency: number;
  pollingMs: number;
  expireInSeconds: number;
  log: (line: string) => void;
}

/** pg-boss also emits plain objects carrying a message (a worker's error with its queue). */
export const messageOf = (error: unknown): string => {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
};

const expired = Symbol('expired');

/**
 * One queue's fetch loop. pg-boss 10's own `work()` runs a fetched batch to its end before it
 * fetches again, so one slow job holds back every job that falls due meanwhile; here each job
 * holds one of `concurrency` slots and a freed slot (or a wake-up) fetches at once. Each job is
 * completed or failed on its own; a job still running at its expiry is failed (and retried) as
 * pg-boss's `work()` does, and its late result ignored.
 */
export const startQueueRunner = ({ boss, name, handler, concurrency, pollingMs, expireInSeconds, log }: QueueRunnerOptions): QueueRunner => {
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  let interrupt: (() => void) | undefined;
  let wokenWhileBusy = false;

  const wake = () => {
    wokenWhileBusy = true;
    interrupt?.();
  };

  const runOne = async (job: PgBoss.JobWithMetadata<object>) => {
    const context: JobContext = { id: job.id, name, attempt: job.retryCount + 1, maxAttempts: job.retryLimit + 1, startAfter: job.startAfter };
    if (context.attempt > 1) log(`job ${name} ${job.id}: attempt ${context.attempt} of ${context.maxAttempts}`);
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<typeof expired>((resolve) => {
        timer = setTimeout(() => resolve(expired), expireInSeconds * 1000);
      });
      const outcome = await Promise.race([handler(job.data, context), timeout]);
      if (outcome === expired) throw new Error(`still running after ${expireInSeconds} s (the queue's expiry)`);
      await boss.complete(name, job.id);
    } catch (error) {
      const retry = context.attempt < context.maxAttempts ? 'it will be retried' : 'no retries left';
      log(`job ${name} ${job.id} failed on attempt ${context.attempt} of ${context.maxAttempts}: ${messageOf(error)} (${retry})`);
      await boss
        .fail(name, job.id, { message: messageOf(error) })
        .catch((e: unknown) => log(`job ${name} ${job.id}: could not record the failure: ${messageOf(e)}`));
    } finally {
      clearTimeout(timer);
    }
  };

  const loop = (async () => {
    while (!stopping) {
      wokenWhileBusy = false;
      const free = concurrency - running.size;
      if (free > 0) {
        let jobs: PgBoss.JobWithMetadata<object>[] = [];
        try {
          jobs = await boss.fetch<object>(name, { batchSize: free, includeMetadata: true });
        } catch (error) {
          log(`jobs: could not fetch ${name} jobs: ${messageOf(error)}`);
        }
        for (const job of jobs) {
          const run = runOne(job).finally(() => {
            running.delete(job.id);
            wake();
          });
          running.set(job.id, run);
        }
        // Every slot filled: more may be due, so fetch again as soon as a slot frees.
        if (jobs.length === free && !stopping) continue;
      }
      if (stopping || wokenWhileBusy) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollingMs);
        interrupt = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      interrupt = undefined;
    }
  })();

  return {
    wake,
    stop: async (timeoutMs) => {
      stopping = true;
      interrupt?.();
      await loop;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.allSettled([...running.values()]), timedOut]);
      clearTimeout(timer);
      const left = [...running.keys()];
      if (left.length) {
        log(`jobs: ${left.length} ${name} job(s) still running after ${timeoutMs} ms; failing them for a retry`);
        await Promise.all(left.map((id) => boss.fail(name, id, { message: 'the service stopped while the job ran' }).catch(() => undefined)));
      }
    },
  };
};
