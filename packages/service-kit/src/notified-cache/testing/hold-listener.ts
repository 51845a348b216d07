/**
 * Runs `during` while `cache`'s LISTEN backend is stopped (SIGSTOP: the database server must be
 * this machine's, as the embedded one is), so a notification committed meanwhile reaches the
 * cache only afterwards: the race where a client hears of a change before a copy of the service
 * does, made certain. What was already on its way is let in first (50 ms).
 */
export const withListenerHeld = async <T>(cache: { listenerPid(): Promise<number | null> }, during: () => Promise<T>): Promise<T> => {
  const pid = await cache.listenerPid();
  if (pid === null) throw new Error('not listening');
  process.kill(pid, 'SIGSTOP');
  try {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return await during();
  } finally {
    process.kill(pid, 'SIGCONT');
  }
};
