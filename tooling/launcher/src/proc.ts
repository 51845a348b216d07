import { readdirSync, readFileSync } from 'node:fs';

/**
 * What Linux's /proc says about a process. Everything here answers null or empty where /proc
 * cannot be read (another system, or a process that has just ended).
 */
export interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  /** R running, S sleeping, Z a zombie (ended, not yet reaped by its parent)... */
  state: string;
  /** Clock ticks after boot: with the pid, names one process even after its pid is reused. */
  startTime: number;
}

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

export const procInfo = (pid: number): ProcInfo | null => {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name may hold spaces and parentheses: the fields start after its last ')'.
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  return { pid, state: fields[0] ?? '', ppid: Number(fields[1]), comm: stat.slice(stat.indexOf('(') + 1, close), startTime: Number(fields[19]) };
};

/** Whether that very process (not a later one with its pid) still runs; a zombie counts as gone. */
export const isRunning = (proc: ProcInfo): boolean => {
  const now = procInfo(proc.pid);
  return now !== null && now.startTime === proc.startTime && now.state !== 'Z';
};

/** Every process below `pid` (children, their children...). */
export const descendants = (pid: number): ProcInfo[] => {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return [];
  }
  const children = new Map<number, ProcInfo[]>();
  for (const name of names) {
    const info = procInfo(Number(name));
    if (info) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  }
  const found: ProcInfo[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length) {
    const next = queue.shift() as ProcInfo;
    found.push(next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  return found;
};

/** The command line, its arguments joined by spaces. */
export const commandLine = (pid: number): string => (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ').trim();

/** The environment the process was started with (not later changes), or null when unreadable. */
export const startEnvironment = (pid: number): Map<string, string> | null => {
  const text = read(`/proc/${pid}/environ`);
  if (text === null) return null;
  return new Map(
    text
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
};

/**
 * Resident memory in KiB: RSS as `ps` shows it, and PSS, which shares each shared page among the
 * processes that map it, so PSS figures add up to what a group of processes really holds.
 */
export const memoryOf = (pid: number): { rssKiB: number; pssKiB: number } | null => {
  const rollup = read(`/proc/${pid}/smaps_rollup`);
  if (!rollup) return null;
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? Number.NaN);
  return { rssKiB: field('Rss'), pssKiB: field('Pss') };
};
