import PgBoss from 'pg-boss';
import { createSql } from '../db';
import { jobIdForKey } from './job-key';
import { messageOf, startQueueRunner, type JobHandler, type QueueRunner } from './queue-runner';
import { txExecutor, type SqlRunner } from './tx-executor';

export interface WorkOptions {
  /** A job still running after this long counts as failed and is retried (default 5 s). */
  expireInSeconds?: number;
  /** Retries after the first attempt (default 5). */
  retryLimit?: number;
  /** First retry delay in whole seconds, doubled on each retry with jitter (default 1). */
  retryDelaySeconds?: number;
  /** Jobs of this queue run at once in this process (default 10). */
  concurrency?: number;
}

export interface EnqueueOptions {
  /** Due this many seconds from now (fractions allowed). */
  startAfterSeconds?: number;
  /** Due at this time. */
  startAfter?: Date;
  /**
   * At most one job per key in this queue: a second enqueue with the same key is ignored (and
   * returns null) for as long as the first job is kept (until archived, 12 h after it ends).
   */
  singletonKey?: string;
}

export interface Jobs {
  /** The PostgreSQL schema holding this service's queues (`<service>_jobs`). */
  readonly schema: string;
  /** Registers the worker for a queue; call before `start()`. */
  work: <T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions) => void;
  /**
   * A queue this process enqueues to while other processes work it (a service whose CPU-heavy
   * jobs run in worker processes of their own): `start()` creates it with these options and runs
   * nothing. A later `work()` for the same queue in this process makes it worked here too.
   */
  declare: (name: string, options?: Omit<WorkOptions, 'concurrency'>) => void;
  /**
   * Adds a job inside the caller's transaction (or on a pool), so the job exists only if the
   * transaction commits. Returns the job id, or null when `singletonKey` matched a kept job.
   */
  enqueue: <T extends object>(tx: SqlRunner, name: string, data: T, options?: EnqueueOptions) => Promise<string | null>;
  /** Creates the schema and queues and starts the workers (nothing when no worker is registered). */
  start: () => Promise<void>;
  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then closes the pool. */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
}

export interface JobsOptions {
  databaseUrl: string;
  /** Owns the schema `<service>_jobs`. */
  service: string;
  log?: (line: string) => void;
  /** Connections pg-boss may open (default 4): fetches, completions, maintenance. */
  poolMax?: number;
  /** How often an idle queue looks for due jobs (default 0.5 s, pg-boss's own floor). */
  pollingIntervalSeconds?: number;
  /** Expiry of dead workers' jobs, archiving; pg-boss's floor is 1 s. */
  maintenanceIntervalSeconds?: number;
  /**
   * Wake the worker when a job becomes due instead of waiting for the next poll (default true):
   * at once for jobs this process enqueues, and for jobs already waiting in the database (after
   * a restart, from another process, retries) by looking a few seconds ahead every 2 s.
   * Polling still finds every job.
   */
  wakeAtDue?: boolean;
}

/** Runs `work` holding a session advisory lock on its own connection, so processes take turns. */
const oneAtATime = async (databaseUrl: string, lockName: string, work: () => Promise<void>): Promise<void> => {
  const lock = createSql(databaseUrl, { max: 1 });
  try {
    await lock`select pg_advisory_lock(hashtext(${lockName}))`;
    await work();
  } finally {
    await lock.end();
  }
};

/** The wake-up look-ahead: every ARM_EVERY_MS, jobs due in the next ARM_AHEAD_SECONDS get a timer. */
const ARM_EVERY_MS = 2_000;
const ARM_AHEAD_SECONDS = 3;

const DEFAULT_WORK: Required<WorkOptions> = { expireInSeconds: 5, retryLimit: 5, retryDelaySeconds: 1, concurrency: 10 };

/**
 * Durable jobs for one service on pg-boss 10: its own schema, workers registered at start, jobs
 * enqueued in the caller's transaction, retried with backoff, and a graceful stop.
 */
export const createJobs = (options: JobsOptions): Jobs => {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.service)) throw new Error(`Invalid service name for jobs: ${options.service}`);
  const schema = `${options.service}_jobs`;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 0.5;
  const log = options.log ?? ((line: string) => console.log(`[${options.service}] ${line}`));
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema,
    max: options.poolMax ?? 4,
    application_name: `starforge-${options.service}-jobs`,
    // No cron schedules: the timekeeper would only add polling.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 1,
  });
  // pg-boss emits 'error' for failed polls and maintenance; without a listener Node would crash.
  boss.on('error', (error) => log(`jobs: ${messageOf(error)}`));

  /** Each queue's options, and its handler when this process works it (null: declared only). */
  const registered = new Map<string, { handler: JobHandler<object> | null; options: Required<WorkOptions> }>();
  const runners = new Map<string, QueueRunner>();
  const wakeTimers = new Map<string, NodeJS.Timeout>();
  let armer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;

  /** The polling loop would find a due job up to one interval late; wake the worker at the due time. */
  const wakeAt = (name: string, dueMs: number) => {
    const runner = runners.get(name);
    const delayMs = dueMs - Date.now();
    const key = `${name}@${dueMs}`;
    if (!runner || options.wakeAtDue === false || stopping || delayMs <= 0 || wakeTimers.has(key)) return;
    const timer = setTimeout(() => {
      wakeTimers.delete(key);
      runner.wake();
    }, delayMs + 2);
    timer.unref();
    wakeTimers.set(key, timer);
  };

  /** Timers for jobs due soon that this process did not enqueue (its own are armed at enqueue). */
  const armFromDatabase = async () => {
    for (const name of runners.keys()) {
      if (stopping) return;
      // The schema name is checked above and ours; the queue name travels as a parameter.
      const { rows } = await boss.getDb().executeSql(
        `select distinct (extract(epoch from start_after) * 1000)::float8 as due_ms from ${schema}.job
         where name = $1 and state < 'active' and start_after > now() and start_after <= now() + make_interval(secs => $2)`,
        [name, ARM_AHEAD_SECONDS],
      );
      for (const row of rows as { due_ms: number }[]) wakeAt(name, row.due_ms);
    }
  };

  return {
    schema,

    work: (name, handler, workOptions = {}) => {
      if (started) throw new Error(`Register job workers before start (queue ${name})`);
      if (registered.get(name)?.handler) throw new Error(`A worker for job queue ${name} is already registered`);
      registered.set(name, { handler: handler as JobHandler<object>, options: { ...DEFAULT_WORK, ...workOptions } });
    },

    declare: (name, queueOptions = {}) => {
      if (started) throw new Error(`Declare job queues before start (queue ${name})`);
      if (!registered.has(name)) registered.set(name, { handler: null, options: { ...DEFAULT_WORK, ...queueOptions } });
    },

    enqueue: async (tx, name, data, enqueueOptions = {}) => {
      if (!registered.has(name)) throw new Error(`No worker registered for job queue ${name}: register it with jobs.work() (or jobs.declare()) first`);
      const dueAt =
        enqueueOptions.startAfter ?? (enqueueOptions.startAfterSeconds ? new Date(Date.now() + enqueueOptions.startAfterSeconds * 1000) : undefined);
      const sendOptions: PgBoss.SendOptions = { db: txExecutor(tx) };
      // Seconds go to the database so the due time follows its clock (`now()` + delay).
      if (enqueueOptions.startAfter) sendOptions.startAfter = enqueueOptions.startAfter;
      else if (enqueueOptions.startAfterSeconds && enqueueOptions.startAfterSeconds > 0) sendOptions.startAfter = String(enqueueOptions.startAfterSeconds);
      if (enqueueOptions.singletonKey !== undefined) sendOptions.id = jobIdForKey(name, enqueueOptions.singletonKey);
      const id = await boss.send(name, data, sendOptions);
      // Due at the transaction's now() + delay, a little before dueAt: the timer never fires early.
      if (id && dueAt) wakeAt(name, dueAt.getTime());
      return id;
    },

    start: async () => {
      if (started || registered.size === 0) return;
      started = true;
      // Copies of a service starting at once take turns: pg-boss's create_queue, run by two at
      // once on a new schema, deadlocks.
      await oneAtATime(options.databaseUrl, `starforge.jobs.${schema}`, async () => {
        await boss.start();
        for (const [name, { options: w }] of registered) {
          const queue = { name, retryLimit: w.retryLimit, retryDelay: w.retryDelaySeconds, retryBackoff: true, expireInSeconds: w.expireInSeconds };
          await boss.createQueue(name, queue);
          // createQueue keeps an existing queue as it was; apply the options the code asks for now.
          await boss.updateQueue(name, queue);
        }
      });
      for (const [name, { handler, options: w }] of registered) {
        if (!handler) continue;
        runners.set(
          name,
          startQueueRunner({
            boss,
            name,
            handler,
            concurrency: w.concurrency,
            pollingMs: pollingIntervalSeconds * 1000,
            expireInSeconds: w.expireInSeconds,
            log,
          }),
        );
      }
      if (options.wakeAtDue !== false) {
        const arm = () => void armFromDatabase().catch((error: unknown) => log(`jobs: could not look ahead for due jobs: ${messageOf(error)}`));
        arm();
        armer = setInterval(arm, ARM_EVERY_MS);
        armer.unref();
      }
    },

    stop: async ({ timeoutMs = 5_000 } = {}) => {
      if (stopping) return;
      stopping = true;
      if (armer) clearInterval(armer);
      for (const timer of wakeTimers.values()) clearTimeout(timer);
      wakeTimers.clear();
      if (!started) return;
      await Promise.all([...runners.values()].map((runner) => runner.stop(timeoutMs)));
      await boss.stop({ graceful: false, close: true });
    },
  };
};
