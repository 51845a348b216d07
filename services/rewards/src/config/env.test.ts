import { describe, expect, it } from 'vitest';
import { TEST_RUN_MAX_DELAY_MS, TEST_RUN_MIN_DELAY_MS, WITHDRAWAL_COMPLETION_DELAY_MS } from '@starforge/contracts';
import { readRewardsConfig } from './env';

describe('readRewardsConfig', () => {
  it('defaults to the spec delays', () => {
    expect(readRewardsConfig({})).toEqual({
      testRunDelayMs: { min: TEST_RUN_MIN_DELAY_MS, max: TEST_RUN_MAX_DELAY_MS },
      withdrawalDelayMs: WITHDRAWAL_COMPLETION_DELAY_MS,
    });
  });

  it('reads shorter delays (tests) and refuses a range upside down', () => {
    expect(readRewardsConfig({ REWARDS_TEST_RUN_MIN_DELAY_MS: '10', REWARDS_TEST_RUN_MAX_DELAY_MS: '20', REWARDS_WITHDRAWAL_DELAY_MS: '0' })).toEqual({
      testRunDelayMs: { min: 10, max: 20 },
      withdrawalDelayMs: 0,
    });
    expect(() => readRewardsConfig({ REWARDS_TEST_RUN_MIN_DELAY_MS: '30', REWARDS_TEST_RUN_MAX_DELAY_MS: '20' })).toThrow(/must not exceed/);
  });
});
