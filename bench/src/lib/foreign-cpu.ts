import { readdirSync, readFileSync } from 'node:fs';

/**
 * How much of the machine other work used while a benchmark ran: CPU time of every process
 * that is not this benchmark or one of its descendants (the stack, PostgreSQL, Chromium,
 * child servers), as a share of all cores over the interval. Linux only (/proc); elsewhere null.
 *
 * Descendants that exit during the interval are still counted as ours: their time shows up in
 * their parent's cutime/cstime once reaped.
 */

interface ProcTimes {
  ppid: number;
  /** The executable's name as the kernel shows it (comm). */
  comm: string;
  /** utime + stime + cutime + cstime, in clock ticks. */
  ticks: number;
}

const readProcs = (): Map<number, ProcTimes> => {
  const procs = new Map<number, ProcTimes>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After "pid (comm) ": state=0, ppid=1, ..., utime=11, stime=12, cutime=13, cstime=14.
      const num = (i: number) => Number(fields[i] ?? 0);
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      procs.set(Number(name), { ppid: num(1), comm, ticks: num(11) + num(12) + num(13) + num(14) });
    } catch {
      // the process ended while we looked
    }
  }
  return procs;
};

/** Total and idle ticks of all cores (idle includes iowait). */
const readSystem = (): { total: number; idle: number } => {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { total, idle: (v[3] ?? 0) + (v[4] ?? 0) };
};

/** CPU ticks of this process and its descendants (only those whose comm passes `only`, if given). */
const ourTicks = (procs: Map<number, ProcTimes>, only?: (comm: string) => boolean): number => {
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  let ticks = 0;
  const stack = [process.pid];
  const seen = new Set<number>();
  while (stack.length) {
    const pid = stack.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const proc = procs.get(pid);
    if (proc && (!only || only(proc.comm))) ticks += proc.ticks;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks;
};

const snapshot = () => ({ system: readSystem(), ours: ourTicks(readProcs()) });

/** Starts watching; the returned function gives the share (0..1) of all cores that other processes used since. */
export const watchForeignCpu = (): (() => number | null) => {
  let start: ReturnType<typeof snapshot>;
  try {
    start = snapshot();
  } catch {
    return () => null;
  }
  return () => {
    try {
      const end = snapshot();
      const total = end.system.total - start.system.total;
      const busy = total - (end.system.idle - start.system.idle);
      const ours = end.ours - start.ours;
      return total > 0 ? Math.min(1, Math.max(0, (busy - ours) / total)) : null;
    } catch {
      return null;
    }
  };
};

/**
 * Starts counting the CPU time of our descendants named `comm` (e.g. Chromium's processes: browser,
 * renderers, GPU); the returned function gives the milliseconds they used since (Linux: /proc, 100
 * ticks a second), or null where /proc cannot be read.
 */
export const watchOwnCpu = (comm: string): (() => number | null) => {
  const only = (c: string) => c === comm;
  let start: number;
  try {
    start = ourTicks(readProcs(), only);
  } catch {
    return () => null;
  }
  return () => {
    try {
      return (ourTicks(readProcs(), only) - start) * 10;
    } catch {
      return null;
    }
  };
};

export const describeForeign = (share: number | null): string => (share === null ? 'unknown' : `${(share * 100).toFixed(0)}%`);
