/**
 * When a launcher started this process with an IPC channel, the channel closes as soon as
 * the launcher dies, however it dies; the process then stops instead of living on orphaned.
 */
export const onLauncherExit = (stop: () => void): void => {
  if (!process.send) return;
  process.on('disconnect', stop);
};
