interface YieldingScheduler {
  yield: () => Promise<void>;
}

const schedulerOf = (scope: typeof globalThis): YieldingScheduler | undefined => {
  const candidate = (scope as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  return typeof candidate?.yield === 'function' ? (candidate as YieldingScheduler) : undefined;
};

/**
 * Settles in a later task of the main thread, so the work before and after it are two tasks
 * with the browser's turn (input, paint) between them. `scheduler.yield` where the browser has
 * it (the continuation keeps its place ahead of other queued work); a message otherwise, which,
 * unlike a timer, a hidden tab does not hold back.
 */
export const nextTask = (): Promise<void> => {
  const scheduler = schedulerOf(globalThis);
  if (scheduler) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
};

/** Runs the steps in order, each in a task of its own: no step starts in the task that ran the one before. */
export const runInTasks = async (steps: readonly (() => unknown)[], between: () => Promise<void> = nextTask): Promise<void> => {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await between();
    await step();
  }
};
