declare global {
  // Chromium's scheduler.yield (not in TypeScript's DOM library yet).
  var scheduler: { yield?: () => Promise<void> } | undefined;
}

/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in
 * between: scheduler.yield where the browser has it (resumes ahead of other queued work), a
 * zero-delay timeout elsewhere.
 */
export const nextTask = (): Promise<void> =>
  typeof globalThis.scheduler?.yield === 'function' ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
