import { describe, expect, it } from 'vitest';
import { campaignSizes, edrHardfork, runnerConfig } from './config';

const limits = { timeMs: 30_000, memoryMb: 1_024, gasPerCall: 10_000_000 };

describe('runnerConfig', () => {
  it('gives a test nothing of the server and no gas report', () => {
    const config = runnerConfig({ hardfork: 'osaka', limits, sizes: campaignSizes(limits, false), projectRoot: '/tmp/empty' });
    expect(config).toMatchObject({ ffi: false, fsPermissions: [], rpcEndpoints: {}, isolate: false, generateGasReport: false, gasLimit: 10_000_000n });
    expect(config).not.toHaveProperty('ethRpcUrl');
  });

  it("names the EVM as EDR does (solc's paris is EDR's merge)", () => {
    expect(edrHardfork('paris')).toBe('merge');
    expect(edrHardfork('osaka')).toBe('osaka');
    expect(runnerConfig({ hardfork: 'paris', limits, sizes: campaignSizes(limits, false), projectRoot: '/tmp/empty' }).hardfork).toBe('merge');
  });

  it('gives fuzz campaigns half the run time, and none when an invariant campaign would inherit it', () => {
    expect(runnerConfig({ hardfork: 'osaka', limits, sizes: campaignSizes(limits, false), projectRoot: '/tmp/empty' }).fuzz).toMatchObject({
      runs: 256,
      timeout: 15,
    });
    const withInvariants = runnerConfig({ hardfork: 'osaka', limits, sizes: campaignSizes(limits, true), projectRoot: '/tmp/empty' });
    expect(withInvariants.fuzz).not.toHaveProperty('timeout');
    expect(withInvariants.invariant).toEqual({ runs: 256, depth: 15 });
  });
});
