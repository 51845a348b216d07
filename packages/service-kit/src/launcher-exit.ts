/**
 * When a launcher started this process with an IPC channel, the channel closes as soon as
 * the launcher dies, however it dies; the process then stops instead of living on orphaned.
 */
export const onLauncherExit = (stop: () => void): void => {
  if (!process.send) return;
  // A launcher that died while this process was still starting (migrating, say) has already
  // closed the channel: the event is past, and would never come.
  if (process.connected) process.on('disconnect', stop);
  else stop();
};
