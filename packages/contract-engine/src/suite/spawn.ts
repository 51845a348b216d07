import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** How the child ended, when it did not finish on its own. */
export type ChildStop = { why: 'time' } | { why: 'memory' } | { why: 'crash'; detail: string };

const CHILD_ENTRY = new URL('./child.mjs', import.meta.url);

/** util-linux's prlimit sets the child's limits before it execs Node, so the cap holds from the first allocation. */
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => existsSync(path));

/**
 * What Node and EDR map writable at start without touching (V8's 512 MB code range, a 1 GiB
 * arena of EDR's allocator): RLIMIT_DATA counts it, so the hard cap sits this far above `memoryMb`.
 */
const RESERVED_MB = 2_048;

/** How often the parent reads the child's resident memory. */
const WATCH_MS = 50;

const residentMb = (pid: number): number | null => {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
};

/** What the dying child printed, kept to its end: enough to tell an allocation failure from a crash. */
const STDERR_KEPT = 8_192;

/** Rust's `memory allocation of N bytes failed`, V8's `Fatal JavaScript out of memory` / `heap out of memory`. */
const OUT_OF_MEMORY = /memory allocation of \d+ bytes failed|out of memory|Allocation failed/i;

export interface ChildHandle {
  child: ChildProcess;
  /** Resolves when the child has exited: null when the parent ended it after its last message, else why it stopped. */
  ended: Promise<ChildStop | null>;
  /** Ends the child (SIGKILL) once its work is done. */
  finish(): void;
}

/**
 * Spawns the suite's child: Node itself (`process.execPath`) running child.mjs under prlimit,
 * with an EMPTY environment (so `vm.envString` sees nothing of the server), no stdin or stdout,
 * stderr piped only to tell how it died, and the IPC channel. Its memory is held two ways: the
 * parent reads its resident memory every 50 ms and kills it (SIGKILL) past `memoryMb`, and the
 * kernel refuses any allocation past RLIMIT_DATA (`memoryMb` plus what Node and EDR reserve at
 * start), which catches a burst between two readings: the child then dies on the failed
 * allocation. RLIMIT_AS cannot serve: V8 reserves far more address space than it uses and Node
 * does not start under it. At `timeMs` it is killed with SIGKILL, which stops EDR's native
 * threads with it (a worker thread's terminate() leaves a campaign running).
 */
export const spawnChild = (limits: { timeMs: number; memoryMb: number }): ChildHandle => {
  if (!PRLIMIT) throw new Error('The contract engine needs prlimit (util-linux) to cap the memory of a run.');
  const entry = fileURLToPath(CHILD_ENTRY);
  const child = spawn(PRLIMIT, [`--data=${(limits.memoryMb + RESERVED_MB) * 2 ** 20}`, '--', process.execPath, entry], {
    env: {},
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  let stoppedBy: ChildStop | null = null;
  let finished = false;
  const stop = (why: ChildStop) => {
    stoppedBy ??= why;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => stop({ why: 'time' }), limits.timeMs);
  const watch = setInterval(() => {
    const rss = child.pid === undefined ? null : residentMb(child.pid);
    if (rss !== null && rss > limits.memoryMb) stop({ why: 'memory' });
  }, WATCH_MS);
  const ended = new Promise<ChildStop | null>((resolve) => {
    // 'error' can come more than once (a failed spawn, then a send on the closed channel): the first says why.
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(watch);
      resolve({ why: 'crash', detail: error.message });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      if (stoppedBy) resolve(stoppedBy);
      else if (finished) resolve(null);
      else if (OUT_OF_MEMORY.test(stderr)) resolve({ why: 'memory' });
      else
        resolve({ why: 'crash', detail: `${signal ? `killed by ${signal}` : `exit code ${code}`}${stderr.trim() ? `: ${stderr.trim().split('\n')[0]}` : ''}` });
    });
  });
  return {
    child,
    ended,
    finish: () => {
      finished = true;
      clearTimeout(timer);
      clearInterval(watch);
      child.kill('SIGKILL');
    },
  };
};
