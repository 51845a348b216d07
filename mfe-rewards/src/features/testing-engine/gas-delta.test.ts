import { describe, expect, it } from 'vitest';
import { gasDeltaText } from './gas-delta';

describe('gasDeltaText', () => {
  it('says how much more or less gas than the last run, with thousands separators', () => {
    expect(gasDeltaText(1204)).toBe('+1,204 gas vs last run');
    expect(gasDeltaText(-300)).toBe('-300 gas vs last run');
    expect(gasDeltaText(-25_000)).toBe('-25,000 gas vs last run');
    expect(gasDeltaText(0)).toBe('±0 gas vs last run');
  });

  it('says nothing for the first run of a network and test type', () => {
    expect(gasDeltaText(null)).toBe('');
  });
});
