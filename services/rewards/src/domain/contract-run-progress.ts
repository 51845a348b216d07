import { publishEvent, type Sql } from '@starforge/service-kit';

/** What the engine reports while a suite runs: tests done of the total. */
export interface RunProgress {
  testsDone: number;
  testsTotal: number;
}

/** A run's progress goes out at most this often ("a few a second"): the stream is not a log. */
const PROGRESS_INTERVAL_MS = 250;

export interface ProgressPublisher {
  /** The run was taken: `phase: 'compiling'` (sent at once). */
  compiling: () => Promise<void>;
  /** The latest count; sent now or, when the last event is under the interval old, at its end. */
  report: (progress: RunProgress) => void;
  /** Sends nothing more and resolves once an event on its way is out, so none follows the run's finish. */
  close: () => Promise<void>;
}

/**
 * The live `rewards.test_run_progress` events of one run, throttled: the latest count wins, the
 * rest are dropped. Each is its own statement (a progress event says nothing the database keeps);
 * one that cannot be sent is logged and never fails the run.
 */
export const progressPublisher = (
  sql: Sql,
  run: { userId: string; runId: string },
  { intervalMs = PROGRESS_INTERVAL_MS, log = () => {} }: { intervalMs?: number; log?: (line: string) => void } = {},
): ProgressPublisher => {
  let lastAt = 0;
  let latest: RunProgress | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let sending: Promise<void> = Promise.resolve();

  const send = (phase: 'compiling' | 'running', progress: RunProgress) => {
    lastAt = Date.now();
    sending = sending
      .then(() => publishEvent(sql, { userId: run.userId, type: 'rewards.test_run_progress', data: { runId: run.runId, phase, ...progress } }))
      .then(
        () => undefined,
        (error: unknown) => {
          log(`run ${run.runId}: could not publish its progress: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
  };
  const flush = () => {
    timer = undefined;
    if (closed || !latest) return;
    const progress = latest;
    latest = null;
    send('running', progress);
  };

  return {
    compiling: () => {
      send('compiling', { testsDone: 0, testsTotal: 0 });
      return sending;
    },
    report: (progress) => {
      if (closed) return;
      latest = { testsDone: progress.testsDone, testsTotal: progress.testsTotal };
      if (timer) return;
      const wait = lastAt + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await sending;
    },
  };
};
