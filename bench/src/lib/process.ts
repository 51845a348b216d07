import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** What a benchmark reads about the stack's processes (Linux: ss and /proc). */

/** The id of the process listening on the URL's port (Linux: ss), or null. */
export const pidOfListener = (url: string): string | null => {
  try {
    const line = execFileSync('ss', ['-Hltnp', `sport = :${new URL(url).port}`], { encoding: 'utf8' });
    return /pid=(\d+)/.exec(line)?.[1] ?? null;
  } catch {
    return null;
  }
};

/** The resident memory (MiB) of a process (Linux: /proc). */
export const rssOf = (pid: string | null): number | null => {
  try {
    const kb = pid ? /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] : undefined;
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
};

/** The CPU time (ms, user + system) a process has used so far (Linux: /proc, 100 ticks a second). */
export const cpuMsOf = (pid: string | null): number | null => {
  try {
    if (!pid) return null;
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
};

/**
 * The CPU time (ms) PostgreSQL has used so far: the postmaster listening on the database URL's
 * port and every backend it started (the pools' connections live through a run); null elsewhere.
 */
export const postgresCpuMs = (databaseUrl: string): (() => number | null) => {
  const postmaster = pidOfListener(databaseUrl);
  return () => {
    if (!postmaster) return null;
    let ms = cpuMsOf(postmaster) ?? 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === postmaster) ms += cpuMsOf(pid) ?? 0;
      } catch {
        // the process ended while we looked
      }
    }
    return ms;
  };
};

/**
 * CPU µs per answered request, by role, from the CPU ms each role had used before and after a
 * run; null where a role could not be read or nothing was answered. A backend that ends during the
 * run takes its time with it (a hair below zero then, shown as 0).
 */
export const cpuPerRequest = <Role extends string>(
  before: Record<Role, number | null>,
  after: Record<Role, number | null>,
  answered: number,
): Record<Role, number | null> =>
  Object.fromEntries(
    (Object.keys(before) as Role[]).map((role) => {
      const [from, to] = [before[role], after[role]];
      return [role, from === null || to === null || answered === 0 ? null : Math.max(0, ((to - from) * 1000) / answered)];
    }),
  ) as Record<Role, number | null>;
