/**
 * Polls `check` every `everyMs` until it holds, or fails at the deadline. It holds when it
 * returns anything but `false` without throwing, so it can be a condition
 * (`async () => (await statusOf(id)) === 'completed'`) or an assertion
 * (`() => expect(received).toHaveLength(3)`). At the deadline the last assertion's own error is
 * thrown, so the failure says what was still wrong; a condition fails with "not met".
 */
export const eventually = async (check: () => unknown, timeoutMs = 5_000, everyMs = 50): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown;
    try {
      if ((await check()) !== false) return;
    } catch (error) {
      failure = error;
    }
    if (Date.now() >= deadline) throw failure ?? new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
};
