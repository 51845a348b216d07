import { readdirSync, readFileSync } from 'node:fs';

/** The suite children a process has spawned, found in /proc (prlimit execs Node, so the pid is the child's). */
export const suiteChildren = (parent = process.pid): number[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        return ppid === parent && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('child.mjs');
      } catch {
        return false;
      }
    })
    .map(Number);

/** The process is gone (or a zombie no one waits for: as good as gone for memory and CPU). */
export const isGone = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return true;
  }
};

export const waitUntil = async (check: () => boolean, timeoutMs: number): Promise<boolean> => {
  const until = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
};
