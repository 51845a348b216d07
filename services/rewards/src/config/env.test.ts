import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEST_RUN_MAX_DELAY_MS, TEST_RUN_MIN_DELAY_MS, WITHDRAWAL_COMPLETION_DELAY_MS } from '@starforge/contracts/rewards';
import { readRewardsConfig } from './env';

describe('readRewardsConfig', () => {
  it('defaults to the spec delays, and two runs at once per engine worker with a 20 s limit per run and 512 MB (a suite’s child 2,560 MB), at nice 10, 8 s to finish on a stop, compiles kept in the checkout’s .data/compile-cache up to 256 MiB', () => {
    expect(readRewardsConfig({})).toEqual({
      testRunDelayMs: { min: TEST_RUN_MIN_DELAY_MS, max: TEST_RUN_MAX_DELAY_MS },
      withdrawalDelayMs: WITHDRAWAL_COMPLETION_DELAY_MS,
      engine: {
        workers: 2,
        runTimeoutMs: 20_000,
        memoryMb: 512,
        suiteMemoryMb: 2_560,
        stopGraceMs: 8_000,
        healthPort: 0,
        nice: 10,
        compileCache: { dir: fileURLToPath(new URL('../../../../.data/compile-cache', import.meta.url)), maxBytes: 256 * 2 ** 20 },
      },
    });
  });

  it('reads the engine settings, and refuses a run limit under a second', () => {
    expect(
      readRewardsConfig({ ENGINE_WORKERS: '2', ENGINE_RUN_TIMEOUT_MS: '5000', ENGINE_MEMORY_MB: '256', ENGINE_SUITE_MEMORY_MB: '1024' }).engine,
    ).toMatchObject({
      workers: 2,
      runTimeoutMs: 5_000,
      memoryMb: 256,
      suiteMemoryMb: 1_024,
    });
    expect(() => readRewardsConfig({ ENGINE_SUITE_MEMORY_MB: '100' })).toThrow();
    expect(readRewardsConfig({ ENGINE_COMPILE_CACHE_DIR: '/srv/compiles', ENGINE_COMPILE_CACHE_MB: '64' }).engine.compileCache).toEqual({
      dir: '/srv/compiles',
      maxBytes: 64 * 2 ** 20,
    });
    expect(readRewardsConfig({ ENGINE_COMPILE_CACHE_MB: '0' }).engine.compileCache).toBeNull();
    expect(() => readRewardsConfig({ ENGINE_RUN_TIMEOUT_MS: '10' })).toThrow();
  });

  it('reads shorter delays (tests) and refuses a range upside down', () => {
    expect(readRewardsConfig({ REWARDS_TEST_RUN_MIN_DELAY_MS: '10', REWARDS_TEST_RUN_MAX_DELAY_MS: '20', REWARDS_WITHDRAWAL_DELAY_MS: '0' })).toMatchObject({
      testRunDelayMs: { min: 10, max: 20 },
      withdrawalDelayMs: 0,
    });
    expect(() => readRewardsConfig({ REWARDS_TEST_RUN_MIN_DELAY_MS: '30', REWARDS_TEST_RUN_MAX_DELAY_MS: '20' })).toThrow(/must not exceed/);
  });
});
