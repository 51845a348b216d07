import { isRunning, procInfo, startEnvironment, type ProcInfo } from './proc';

/**
 * The processes between the command a person or a process manager ran and this launcher, when a
 * package manager ran it: for `npx -y pnpm@10 start`, npx, its `sh -c`, pnpm, pnpm's `sh -c`.
 *
 * They are why a SIGTERM to the outermost one used to leave the stack running: npm and pnpm pass
 * the signal to their `sh -c`, which dies of it without passing it on, and everything below lives
 * on, adopted by init. A package manager marks the scripts it runs with `npm_config_user_agent`;
 * the chain is every ancestor so marked, plus the first unmarked one, the package manager that was
 * run (npx). Empty when the launcher was not started by a package manager (then signals reach it
 * directly) or where /proc cannot be read.
 */
export const launchChain = (): ProcInfo[] => {
  const marked = (pid: number) => startEnvironment(pid)?.has('npm_config_user_agent') === true;
  const chain: ProcInfo[] = [];
  if (!marked(process.pid)) return chain;
  let parent = procInfo(process.ppid);
  while (parent && parent.pid > 1) {
    chain.push(parent);
    if (!marked(parent.pid)) break;
    parent = procInfo(parent.ppid);
  }
  return chain;
};

/**
 * Calls `ended` once, with the first process of the chain found gone (checked twice a second):
 * whoever stopped the command, the launcher should stop too.
 */
export const onLaunchChainEnded = (chain: ProcInfo[], ended: (gone: ProcInfo) => void): void => {
  if (chain.length === 0) return;
  const timer = setInterval(() => {
    const gone = chain.find((proc) => !isRunning(proc));
    if (!gone) return;
    clearInterval(timer);
    ended(gone);
  }, 500);
  timer.unref();
};
