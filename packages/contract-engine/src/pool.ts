import { Worker } from 'node:worker_threads';
import { crashSummary } from './crash';
import { CONTRACT_CALL_GAS_LIMIT } from '@starforge/contracts/rewards';
import type { FromWorker, ToWorker, WorkerMemory, WorkerSettings } from './protocol';
import { type EngineRequest, type EngineResult, failedResult } from './request';
import { neededTooMuchMemory, tookTooLong } from './words';

export interface EnginePoolOptions {
  /** Workers, each compiling and running one contract at a time. */
  size: number;
  /** A run (compile and execution, from when a worker takes it) that lasts longer is stopped and its worker replaced. */
  runTimeoutMs: number;
  /**
   * Each worker's V8 heap (`resourceLimits.maxOldGenerationSizeMb`): a run that needs more ends
   * the worker and fails. solc's WebAssembly memory lies outside that heap; a worker whose heap
   * and WebAssembly memory together pass this after a run is replaced before it takes another.
   */
  memoryMb: number;
  /**
   * A suite's child process (EDR: its heaps, and the step-by-step replay of a failing test, which
   * grows with the gas the test burned: ~2.1 GB at 10,000,000 gas); 2,560 MB by default.
   */
  suiteMemoryMb?: number;
  /**
   * A folder where suite compiles are also kept (beside each worker's memory cache): every worker
   * of this pool, other pools and processes given the same folder, and a restart find them there.
   * Under the product's data directory (the launcher's `.data/compile-cache`); none by default.
   */
  compileCacheDir?: string;
  /** The folder's size at most, least recently used compiles removed first; 256 MiB by default. */
  compileCacheMaxBytes?: number;
  /** Where the stack of a compiler or EVM crash goes (the run itself only says what broke). */
  log?: (line: string) => void;
}

export interface RunOptions {
  /** A suite's run as it moves on: compiling, then tests done of the total. */
  onProgress?: (progress: { phase: 'compiling' | 'running'; testsDone: number; testsTotal: number }) => void;
}

/** The disk compile cache's size by default (see EnginePoolOptions.compileCacheDir): about 70 suites that import forge-std. */
export const COMPILE_CACHE_MAX_BYTES = 256 * 2 ** 20;

/** What a suite's child may use by default (see EnginePoolOptions.suiteMemoryMb). */
export const SUITE_MEMORY_MB = 2_560;

export interface EnginePool {
  /**
   * Resolves with the run's result, completed or failed (the contract's fault, the time limit,
   * the memory cap, or the compiler or the EVM throwing on it); rejects only when no worker can
   * start, the request cannot be sent to one, or the pool is closed.
   */
  run(request: EngineRequest, options?: RunOptions): Promise<EngineResult>;
  /** Stops every worker; runs not finished reject. */
  close(): Promise<void>;
  /** What the workers hold now, for health pages and benchmarks. */
  stats(): EnginePoolStats;
}

export interface EnginePoolStats {
  queued: number;
  workers: {
    ready: boolean;
    busy: boolean;
    runs: number;
    /** How long loading solc took in this worker. */
    solcLoadMs: number | null;
    /** As the worker last reported it (when it became ready or after its last run). */
    memory: WorkerMemory | null;
  }[];
}

interface Job {
  id: number;
  request: EngineRequest;
  resolve: (result: EngineResult) => void;
  reject: (error: Error) => void;
  onProgress?: RunOptions['onProgress'];
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** When the worker took its current run. */
  startedAt: number;
  /** Why the pool stopped the worker (time limit, memory), for the run it held; or 'replaced'. */
  stopped: string | null;
  runs: number;
  solcLoadMs: number | null;
  memory: WorkerMemory | null;
  /** What broke the worker otherwise: a bug in the engine, given to the run it held (or to the runs waiting for it to start). */
  failure: Error | null;
}

const WORKER_ENTRY = new URL('./worker-entry.mjs', import.meta.url);

/**
 * A pool of worker threads that compile and run contracts off the caller's event loop: the
 * caller only posts a message and later receives one. Runs wait in order for a free worker. A
 * run over its time limit is stopped by terminating its worker (solc's compile is synchronous
 * and cannot be interrupted any other way), answers a failed result and a fresh worker takes
 * the worker's place; so does a run that ran out of memory, or on which the compiler or the EVM threw.
 */
export const createEnginePool = (options: EnginePoolOptions): EnginePool => {
  for (const [name, value] of Object.entries({ size: options.size, runTimeoutMs: options.runTimeoutMs, memoryMb: options.memoryMb })) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`createEnginePool: ${name} must be a whole number above 0, not ${value}`);
  }
  const queue: Job[] = [];
  const slots = new Set<Slot>();
  let nextId = 1;
  let closed = false;
  let solcVersion = 'unknown';

  const settle = (slot: Slot) => {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    return job;
  };

  /** The run ends failed with `summary` as its sentence, timed from when its worker took it. */
  const failRun = (job: Job, slot: Slot, summary: string) =>
    job.resolve({ ...failedResult(job.request, solcVersion, summary), duration_ms: Math.round(performance.now() - slot.startedAt) });

  const spawn = () => {
    const workerData: WorkerSettings = {
      runTimeoutMs: options.runTimeoutMs,
      suiteMemoryMb: options.suiteMemoryMb ?? SUITE_MEMORY_MB,
      suiteGasPerCall: CONTRACT_CALL_GAS_LIMIT,
      ...(options.compileCacheDir ? { compileCache: { dir: options.compileCacheDir, maxBytes: options.compileCacheMaxBytes ?? COMPILE_CACHE_MAX_BYTES } } : {}),
    };
    const worker = new Worker(WORKER_ENTRY, { workerData, resourceLimits: { maxOldGenerationSizeMb: options.memoryMb } });
    const slot: Slot = { worker, ready: false, job: null, timer: null, startedAt: 0, stopped: null, failure: null, runs: 0, solcLoadMs: null, memory: null };
    slots.add(slot);
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'progress') {
        if (slot.job?.id === message.id) slot.job.onProgress?.({ phase: message.phase, testsDone: message.testsDone, testsTotal: message.testsTotal });
        return;
      }
      slot.memory = message.memory;
      if (message.type === 'ready') {
        slot.ready = true;
        slot.solcLoadMs = message.loadMs;
        solcVersion = message.solcVersion;
        dispatch();
        return;
      }
      const job = settle(slot);
      if (!job || job.id !== message.id) return;
      slot.runs++;
      if (message.type === 'result') job.resolve(message.result);
      else {
        // The worker's solc may be left broken: the run fails and a fresh worker takes its place.
        options.log?.(`contract engine: a run crashed its worker, which is replaced: ${message.detail}`);
        failRun(job, slot, message.summary);
        slot.stopped = 'replaced';
        void worker.terminate();
        return;
      }
      if (message.memory.heapMb + message.memory.wasmMb > options.memoryMb) {
        // solc's WebAssembly memory never shrinks: a worker that grew past the cap is replaced.
        slot.stopped = 'replaced';
        void worker.terminate();
      } else dispatch();
    });
    worker.on('error', (error) => {
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' && slot.ready) {
        slot.stopped ??= neededTooMuchMemory(options.memoryMb);
      } else slot.failure ??= error;
    });
    worker.on('exit', () => {
      slots.delete(slot);
      const job = settle(slot);
      if (closed) {
        job?.reject(new Error('The contract engine was closed before the run finished.'));
        return;
      }
      if (!slot.ready) {
        // A worker that cannot even start would fail the same way again: unless another worker
        // is up, the waiting runs fail now, and the next run() tries a new worker.
        if ([...slots].some((other) => other.ready)) return;
        const why = slot.failure?.message ?? 'the worker exited while starting';
        for (const waiting of queue.splice(0)) waiting.reject(new Error(`The contract engine could not start: ${why}`));
        return;
      }
      if (job) {
        // Stopped by the pool (time, memory), or died on the run: either way the run fails with a sentence.
        if (!slot.stopped) options.log?.(`contract engine: a worker died during a run: ${slot.failure?.stack ?? 'it exited'}`);
        const summary = slot.stopped ?? crashSummary(slot.failure ?? new Error('its worker exited during the run'));
        failRun(job, slot, summary);
      }
      fill();
      dispatch();
    });
    return slot;
  };

  /**
   * One worker always; another (up to `size`) only when a run waits and no worker is free or
   * starting: each loads solc (about a second of CPU and 100 MB), which a quiet copy never needs,
   * and the first run does not wait for several to load at once.
   */
  const fill = () => {
    const available = () => [...slots].filter((slot) => !slot.job && !slot.stopped).length;
    while (!closed && slots.size < options.size && (slots.size === 0 || queue.length > available())) spawn();
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (!slot.ready || slot.job || slot.stopped) continue;
      const job = queue.shift();
      if (!job) return;
      slot.job = job;
      slot.startedAt = performance.now();
      slot.timer = setTimeout(() => {
        slot.stopped = tookTooLong(options.runTimeoutMs);
        void slot.worker.terminate();
      }, options.runTimeoutMs);
      try {
        slot.worker.postMessage({ id: job.id, request: job.request } satisfies ToWorker);
      } catch (error) {
        // A request that cannot be cloned (a function in it, say) never reaches the worker.
        settle(slot);
        job.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  };

  fill();

  return {
    run: (request, runOptions) =>
      new Promise<EngineResult>((resolve, reject) => {
        if (closed) {
          reject(new Error('The contract engine is closed.'));
          return;
        }
        queue.push({ id: nextId++, request, resolve, reject, ...(runOptions?.onProgress ? { onProgress: runOptions.onProgress } : {}) });
        fill();
        dispatch();
      }),
    close: async () => {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The contract engine was closed before the run started.'));
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
    stats: () => ({
      queued: queue.length,
      workers: [...slots].map((slot) => ({
        ready: slot.ready,
        busy: slot.job !== null,
        runs: slot.runs,
        solcLoadMs: slot.solcLoadMs,
        memory: slot.memory,
      })),
    }),
  };
};
