import { describe, expect, it } from 'vitest';
import { nextTask, runInTasks } from './next-task';

/** Resolves once `count` chained microtasks have run: a whole microtask queue's worth of work. */
const microtaskChain = (count: number, log: string[]): Promise<void> => {
  let chain = Promise.resolve();
  for (let i = 0; i < count; i++) chain = chain.then(() => undefined);
  return chain.then(() => {
    log.push('microtasks drained');
  });
};

describe('nextTask', () => {
  it('settles in a later task: every microtask queued in this one runs first', async () => {
    const log: string[] = [];
    const yielded = nextTask().then(() => log.push('next task'));
    const drained = microtaskChain(1_000, log);
    await Promise.all([yielded, drained]);
    expect(log).toEqual(['microtasks drained', 'next task']);
  });
});

describe('runInTasks', () => {
  it('starts no step in the task of the step before it', async () => {
    const log: string[] = [];
    const step = (name: string) => () => {
      log.push(name);
      // Work this step leaves in the microtask queue must all run before the next step starts.
      void microtaskChain(500, log);
    };
    await runInTasks([step('react-dom'), step('host'), step('shell')]);
    expect(log).toEqual(['react-dom', 'microtasks drained', 'host', 'microtasks drained', 'shell']);
  });

  it('awaits a step that returns a promise before the next one', async () => {
    const log: string[] = [];
    await runInTasks([
      async () => {
        await nextTask();
        log.push('slow first');
      },
      () => log.push('second'),
    ]);
    expect(log).toEqual(['slow first', 'second']);
  });
});
