import type { EngineRequest, EngineResult } from './request';

/** Messages between the pool and a worker (structured-cloned; nothing here is shared memory). */
export type ToWorker = { id: number; request: EngineRequest };

/** What a worker knows of its limits from the start (workerData): a suite's run needs them to limit its child. */
export interface WorkerSettings {
  runTimeoutMs: number;
  /** The memory cap of a suite's child process (its V8 and EDR heaps), in MB. */
  suiteMemoryMb: number;
  /** The gas each call of a suite may use. */
  suiteGasPerCall: number;
  /** Where suite compiles are also kept on disk (shared by every worker and process given it), and its size at most. */
  compileCache?: { dir: string; maxBytes: number };
}

export type FromWorker =
  | { type: 'ready'; solcVersion: string; loadMs: number; memory: WorkerMemory }
  | { type: 'result'; id: number; result: EngineResult; memory: WorkerMemory }
  /** A suite's run moved on: compiling, or tests done of the total. */
  | { type: 'progress'; id: number; phase: 'compiling' | 'running'; testsDone: number; testsTotal: number }
  /**
   * The compiler or the EVM threw instead of answering: the run fails with `summary` and the
   * worker, whose solc may be left broken, is replaced. `detail` is the stack, for the log.
   */
  | { type: 'crash'; id: number; summary: string; detail: string; memory: WorkerMemory };

/** The worker's V8 heap in use, and solc's WebAssembly memory (outside that heap; it never shrinks once grown), in MiB. */
export interface WorkerMemory {
  heapMb: number;
  wasmMb: number;
}
