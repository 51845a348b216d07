import { transaction, type Jobs, type Sql } from '@starforge/service-kit';
import { enqueueContractRun } from './contract-runs';

/**
 * Another domain starts an engine run with `rewards.start_engine_run` inside its own transaction,
 * which cannot reach pg-boss's queue (`rewards_jobs`): a run whose turn is now is marked
 * `job_wanted` (a transactional outbox) and the function notifies this channel. Payload: ''.
 */
const ENGINE_RUN_WANTED_CHANNEL = 'rewards_engine_run_wanted';
/** Sent by `rewards._finish_test_run` when another domain's run finishes: `{"id": "<run>", "purpose": "proof"}`. */
export const ENGINE_RUN_FINISHED_CHANNEL = 'rewards_engine_run_finished';
/** How often the outbox is drained besides the NOTIFY (one missed while no listener was connected). */
const ENGINE_RUN_OUTBOX_SWEEP_MS = 10_000;

/**
 * Gives each run marked `job_wanted` its `test-run.execute` job and clears the mark, in one
 * transaction: both or neither. Rows another drainer holds are skipped (it gives them their job),
 * and the job's singleton key makes a repeat harmless. Answers the runs it gave a job. `users`
 * limits it to those users' runs: test files share one database, and a file's drainer must not
 * move another file's runs into its own queue.
 */
export const drainEngineRunOutbox = async (sql: Sql, jobs: Jobs, users?: readonly string[]): Promise<string[]> =>
  transaction(sql, async (tx) => {
    const wanted = await tx<{ id: string }[]>`
      update rewards.test_runs set job_wanted = false
      where id in (
        select id from rewards.test_runs
        where job_wanted ${users ? tx`and user_id = any(${users as string[]}::uuid[])` : tx``}
        for update skip locked
      )
      returning id`;
    for (const { id } of wanted) await enqueueContractRun(tx, jobs, id);
    return wanted.map((r) => r.id);
  });

export interface EngineRunOutbox {
  stop: () => Promise<void>;
}

/**
 * Drains the outbox at start, on every NOTIFY rewards_engine_run_wanted (and each time the
 * listening connection is made again), and every `sweepMs`. One drain at a time in this process;
 * a wake-up during a drain drains once more after it. Runs in the service and in every engine
 * worker, so a run gets its job whichever of them is up. `jobs` must be started; `users` as in
 * drainEngineRunOutbox (tests).
 */
export const startEngineRunOutbox = async (
  sql: Sql,
  jobs: Jobs,
  {
    sweepMs = ENGINE_RUN_OUTBOX_SWEEP_MS,
    log = (line: string) => console.log(`[rewards] ${line}`),
    users,
  }: { sweepMs?: number; log?: (line: string) => void; users?: () => readonly string[] } = {},
): Promise<EngineRunOutbox> => {
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const drain = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        try {
          const given = await drainEngineRunOutbox(sql, jobs, users?.());
          if (given.length > 0) log(`gave ${given.length} engine run(s) of other domains their job: ${given.join(', ')}`);
        } catch (error) {
          // The marks stay: the next wake-up or sweep tries again.
          log(`the engine-run outbox could not be drained: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (again && !stopped);
    })().finally(() => {
      draining = null;
    });
    return draining;
  };
  const listening = await sql.listen(
    ENGINE_RUN_WANTED_CHANNEL,
    () => void drain(),
    () => void drain(),
  );
  const timer = setInterval(() => void drain(), sweepMs);
  timer.unref();
  await drain();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await listening.unlisten();
      await draining;
    },
  };
};
