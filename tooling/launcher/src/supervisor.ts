import type { ChildProcess } from 'node:child_process';
import { startNodeProcess, type ManagedProcess } from './processes';

export interface SupervisedProcess {
  name: string;
  /** The URL from the first start; rejects when the first start fails (no restart then). */
  listening: Promise<string>;
  /** The process running now (a new one after each restart). */
  current: () => ChildProcess;
  /** How many times it has been restarted. */
  restarts: () => number;
  /** Stops it gracefully (SIGTERM: a service drains) and starts it again at once; resolves once the new one listens. */
  restart: () => Promise<void>;
  /** Stops it for good: no restart follows. */
  stop: () => Promise<void>;
}

export interface SupervisorOptions {
  /** First restart delay; each quick death doubles it (default 500 ms). */
  initialDelayMs?: number;
  /** The longest delay between restarts (default 10 s). */
  maxDelayMs?: number;
  /** A process that ran this long before dying starts the backoff over (default 10 s). */
  stableAfterMs?: number;
}

const seconds = (ms: number) => `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1)} s`;

/**
 * Runs a service and restarts it whenever it dies after its first successful start, with
 * backoff (0.5 s, 1 s, 2 s ... capped), each restart logged in one line. The environment, and so
 * the port, stay the same, so the gateway finds it again where it was. A first start that fails
 * is not retried: a broken migration or a taken port should stop the launch, not loop.
 */
export const startSupervised = (
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  options: SupervisorOptions = {},
): SupervisedProcess => {
  const initialDelayMs = options.initialDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const stableAfterMs = options.stableAfterMs ?? 10_000;

  let running: ManagedProcess = startNodeProcess(name, entry, env, log);
  let restarts = 0;
  let quickDeaths = 0;
  let stopping = false;
  let pending: NodeJS.Timeout | undefined;
  /** Processes stopped on purpose by `restart`: their exit starts nothing. */
  const retired = new WeakSet<ManagedProcess>();

  /** A new process in place of the one that ended, watched like the first. */
  const startAgain = (): ManagedProcess => {
    restarts += 1;
    const next = startNodeProcess(name, entry, env, log);
    running = next;
    watch(next, Date.now());
    return next;
  };

  const watch = (managed: ManagedProcess, startedAt: number) => {
    managed.child.once('exit', (code, signal) => {
      if (stopping || retired.has(managed)) return;
      quickDeaths = Date.now() - startedAt >= stableAfterMs ? 0 : quickDeaths + 1;
      const delay = Math.min(initialDelayMs * 2 ** Math.max(0, quickDeaths - 1), maxDelayMs);
      log(
        `[launcher] ${name} exited (${signal ?? `code ${code}`}); restarting it in ${seconds(delay)} (restart ${restarts + 1}); the other services keep running`,
      );
      pending = setTimeout(() => {
        pending = undefined;
        if (stopping) return;
        startAgain().listening.then(
          (url) => log(`[launcher] ${name} is back on ${url}`),
          () => {}, // its exit is handled (and logged) by watch
        );
      }, delay);
    });
  };

  const listening = running.listening.then((url) => {
    watch(running, Date.now());
    return url;
  });

  return {
    name,
    listening,
    current: () => running.child,
    restarts: () => restarts,
    restart: async () => {
      if (stopping) return;
      const old = running;
      retired.add(old);
      if (pending) clearTimeout(pending);
      pending = undefined;
      await old.stop();
      if (stopping) return;
      await startAgain().listening;
    },
    stop: async () => {
      stopping = true;
      if (pending) clearTimeout(pending);
      await running.stop();
    },
  };
};
