import { describe, expect, it } from 'vitest';
import yieldPlugin from './yield-plugin';

/** Whether `settles` settles only after a long chain of microtasks queued after it: in a later task. */
const settlesInALaterTask = async (settles: Promise<unknown>): Promise<boolean> => {
  const log: string[] = [];
  let chain = Promise.resolve();
  for (let i = 0; i < 1_000; i++) chain = chain.then(() => undefined);
  await Promise.all([settles.then(() => log.push('hook')), chain.then(() => log.push('microtasks'))]);
  return log[0] === 'microtasks';
};

describe('the yield runtime plugin', () => {
  const plugin = yieldPlugin();

  it("lets a task end before a remote's container starts (after its entry script ran)", async () => {
    expect(await settlesInALaterTask(Promise.resolve(plugin.beforeInitRemote?.({} as never)))).toBe(true);
  });

  it("lets a task end before an exposed module's code runs", async () => {
    expect(await settlesInALaterTask(Promise.resolve(plugin.beforeExecuteFactory?.({} as never)))).toBe(true);
  });
});
