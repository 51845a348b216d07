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

/** What the child says once EDR is loaded and its context made. */
interface ChildReady {
  /** performance.now() in the child: how long Node took to start and load EDR. */
  startMs: number;
  rssMb: number;
}

export interface ChildHandle {
  child: ChildProcess;
  /** Resolves once EDR is loaded in the child; null when the child ended first. */
  ready: Promise<ChildReady | null>;
  /** Resolves when the child has exited: null when the parent ended it after its last message, else why it stopped. */
  ended: Promise<ChildStop | null>;
  /**
   * Gives the child its run: the time limit starts now, and from now on the child keeps this
   * process alive until it ends (an idle child does not: a test file or a service can exit past it).
   */
  start(timeMs: number): void;
  /** The child can still take a run: not started, not ended, not ending. */
  idle(): boolean;
  /** Ends the child (SIGKILL) once its work is done, or an idle one no longer wanted. */
  finish(): void;
}

/**
 * Spawns a suite's child: Node itself (`process.execPath`) running child.mjs under prlimit,
 * with an EMPTY environment (so `vm.envString` sees nothing of the server), no stdin or stdout,
 * stderr piped only to tell how it died, and the IPC channel. It loads EDR and waits for the one
 * run it will ever serve (`start`, then the job over IPC). Its memory is held two ways from the
 * moment it exists: the parent reads its resident memory every 50 ms and kills it (SIGKILL) past
 * `memoryMb`, and the kernel refuses any allocation past RLIMIT_DATA (`memoryMb` plus what Node
 * and EDR reserve at start), which catches a burst between two readings: the child then dies on
 * the failed allocation. RLIMIT_AS cannot serve: V8 reserves far more address space than it uses
 * and Node does not start under it. At `timeMs` after `start` it is killed with SIGKILL, which
 * stops EDR's native threads with it (a worker thread's terminate() leaves a campaign running).
 */
export const spawnChild = (memoryMb: number): ChildHandle => {
  if (!PRLIMIT) throw new Error('The contract engine needs prlimit (util-linux) to cap the memory of a run.');
  const entry = fileURLToPath(CHILD_ENTRY);
  const child = spawn(PRLIMIT, [`--data=${(memoryMb + RESERVED_MB) * 2 ** 20}`, '--', process.execPath, entry], {
    env: {},
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  // Idle, nothing of the child holds this process open; start() takes them back.
  const handles = [child, child.channel, child.stderr as (NodeJS.ReadableStream & { ref?(): void; unref?(): void }) | null];
  for (const h of handles) h?.unref?.();
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  let stoppedBy: ChildStop | null = null;
  let started = false;
  let finished = false;
  let exited = false;
  let timer: NodeJS.Timeout | undefined;
  const stop = (why: ChildStop) => {
    stoppedBy ??= why;
    child.kill('SIGKILL');
  };
  const watch = setInterval(() => {
    const rss = child.pid === undefined ? null : residentMb(child.pid);
    if (rss !== null && rss > memoryMb) stop({ why: 'memory' });
  }, WATCH_MS).unref();
  const ready = new Promise<ChildReady | null>((resolve) => {
    const onMessage = (message: { type?: string; startMs?: number; rssMb?: number }) => {
      if (message.type !== 'ready') return;
      child.off('message', onMessage);
      resolve({ startMs: message.startMs ?? 0, rssMb: message.rssMb ?? 0 });
    };
    child.on('message', onMessage);
    child.once('exit', () => resolve(null));
    child.once('error', () => resolve(null));
  });
  const ended = new Promise<ChildStop | null>((resolve) => {
    const done = () => {
      exited = true;
      clearTimeout(timer);
      clearInterval(watch);
    };
    // 'error' can come more than once (a failed spawn, then a send on the closed channel): the first says why.
    child.on('error', (error) => {
      done();
      resolve({ why: 'crash', detail: error.message });
    });
    child.once('exit', (code, signal) => {
      done();
      if (stoppedBy) resolve(stoppedBy);
      else if (finished) resolve(null);
      else if (OUT_OF_MEMORY.test(stderr)) resolve({ why: 'memory' });
      else
        resolve({ why: 'crash', detail: `${signal ? `killed by ${signal}` : `exit code ${code}`}${stderr.trim() ? `: ${stderr.trim().split('\n')[0]}` : ''}` });
    });
  });
  return {
    child,
    ready,
    ended,
    start: (timeMs) => {
      started = true;
      for (const h of handles) h?.ref?.();
      if (!exited) timer = setTimeout(() => stop({ why: 'time' }), timeMs);
    },
    idle: () => !started && !finished && !exited && stoppedBy === null,
    finish: () => {
      finished = true;
      clearTimeout(timer);
      clearInterval(watch);
      child.kill('SIGKILL');
    },
  };
};
