import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { COMPILE_CACHE_MAX_BYTES, SUITE_MEMORY_MB } from '@starforge/contract-engine';
import { TEST_RUN_MAX_DELAY_MS, TEST_RUN_MIN_DELAY_MS, WITHDRAWAL_COMPLETION_DELAY_MS } from '@starforge/contracts/rewards';
import { ENGINE_THREADS_DEFAULT } from '@starforge/service-kit';

const delayMs = z.coerce.number().int().min(0).max(600_000);

/** Where suite compiles are kept when nothing says otherwise: `.data/compile-cache` in the checkout, beside the embedded PostgreSQL. */
const DEFAULT_COMPILE_CACHE_DIR = fileURLToPath(new URL('../../../../.data/compile-cache', import.meta.url));

const rewardsEnvSchema = z
  .object({
    /** How long a test run takes, drawn uniformly from this range (spec: 3 to 5 s). */
    REWARDS_TEST_RUN_MIN_DELAY_MS: delayMs.default(TEST_RUN_MIN_DELAY_MS),
    REWARDS_TEST_RUN_MAX_DELAY_MS: delayMs.default(TEST_RUN_MAX_DELAY_MS),
    /** How long after it is accepted a withdrawal completes (spec: about 3 s). */
    REWARDS_WITHDRAWAL_DELAY_MS: delayMs.default(WITHDRAWAL_COMPLETION_DELAY_MS),
    /**
     * In each engine worker process (engine-worker.ts): the worker threads that compile and run
     * users' contracts, so the runs it takes at once (each thread holds solc, about 100 MB). Two:
     * a user's runs go one at a time, so one user's slow contract never holds every worker. More
     * processes (here: the launcher's ENGINE_WORKER_PROCESSES, or on other machines) add more.
     */
    ENGINE_WORKERS: z.coerce.number().int().min(1).max(16).default(ENGINE_THREADS_DEFAULT),
    /** A contract run (compile and execution) that takes longer fails, and its worker is replaced. */
    ENGINE_RUN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(20_000),
    /** Each engine worker's memory cap. */
    ENGINE_MEMORY_MB: z.coerce.number().int().min(64).max(8_192).default(512),
    /**
     * A suite's child process (EDR), capped by the OS: a failing test is replayed step by step to
     * build its trace, ~2.1 GB for one that burns its 10,000,000 gas, so less than that ends such a
     * run at the cap instead (its other test contracts' results kept).
     */
    ENGINE_SUITE_MEMORY_MB: z.coerce.number().int().min(256).max(65_536).default(SUITE_MEMORY_MB),
    /**
     * On SIGTERM, how long an engine worker lets the runs it holds finish; the rest go back to the
     * queue for another worker. Below the launcher's 12 s before it kills a process.
     */
    ENGINE_STOP_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(8_000),
    /**
     * The engine worker's CPU priority (Linux nice, 0 to 19; its engine threads inherit it): on a
     * machine it shares with services, their requests go first and contract runs take what is left.
     */
    ENGINE_NICE: z.coerce.number().int().min(0).max(19).default(10),
    /**
     * The engine worker's folder of suite compiles (solc's output by the hash of what decides it),
     * shared by its worker threads and every engine worker on the machine given the same folder,
     * and kept across restarts: a suite compiled once (~1-3 s with forge-std) is read back in
     * tens of ms. The launcher passes one under its data directory.
     */
    ENGINE_COMPILE_CACHE_DIR: z.string().min(1).default(DEFAULT_COMPILE_CACHE_DIR),
    /** That folder's size at most, least recently used compiles removed first; 0 keeps none on disk. */
    ENGINE_COMPILE_CACHE_MB: z.coerce
      .number()
      .int()
      .min(0)
      .max(65_536)
      .default(COMPILE_CACHE_MAX_BYTES / 2 ** 20),
    /** The engine worker's own /health port (0: any free one, printed when it listens). */
    ENGINE_HEALTH_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  })
  .refine((env) => env.REWARDS_TEST_RUN_MIN_DELAY_MS <= env.REWARDS_TEST_RUN_MAX_DELAY_MS, {
    message: 'REWARDS_TEST_RUN_MIN_DELAY_MS must not exceed REWARDS_TEST_RUN_MAX_DELAY_MS',
  });

export interface RewardsConfig {
  testRunDelayMs: { min: number; max: number };
  withdrawalDelayMs: number;
  /** The contract engine's pool (packages/contract-engine) in each engine worker process, and how that process stops and is seen. */
  engine: {
    workers: number;
    runTimeoutMs: number;
    memoryMb: number;
    suiteMemoryMb: number;
    stopGraceMs: number;
    healthPort: number;
    nice: number;
    /** The disk compile cache, or null when ENGINE_COMPILE_CACHE_MB is 0. */
    compileCache: { dir: string; maxBytes: number } | null;
  };
}

/** The rewards service's settings; the one place in the service that reads `process.env`. */
export const readRewardsConfig = (source: NodeJS.ProcessEnv = process.env): RewardsConfig => {
  const env = rewardsEnvSchema.parse(source);
  return {
    testRunDelayMs: { min: env.REWARDS_TEST_RUN_MIN_DELAY_MS, max: env.REWARDS_TEST_RUN_MAX_DELAY_MS },
    withdrawalDelayMs: env.REWARDS_WITHDRAWAL_DELAY_MS,
    engine: {
      workers: env.ENGINE_WORKERS,
      runTimeoutMs: env.ENGINE_RUN_TIMEOUT_MS,
      memoryMb: env.ENGINE_MEMORY_MB,
      suiteMemoryMb: env.ENGINE_SUITE_MEMORY_MB,
      stopGraceMs: env.ENGINE_STOP_GRACE_MS,
      healthPort: env.ENGINE_HEALTH_PORT,
      nice: env.ENGINE_NICE,
      compileCache: env.ENGINE_COMPILE_CACHE_MB === 0 ? null : { dir: env.ENGINE_COMPILE_CACHE_DIR, maxBytes: env.ENGINE_COMPILE_CACHE_MB * 2 ** 20 },
    },
  };
};
