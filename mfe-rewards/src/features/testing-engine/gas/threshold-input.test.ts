import { describe, expect, it } from 'vitest';
import { thresholdProblems } from './threshold-input';

describe('the threshold as typed', () => {
  it('takes 0 to 100 % with two decimals and 0 to 10,000,000 whole gas', () => {
    expect(thresholdProblems('1', '500')).toEqual({ pct: null, gas: null });
    expect(thresholdProblems('0.25', '0')).toEqual({ pct: null, gas: null });
    expect(thresholdProblems('100', '10000000')).toEqual({ pct: null, gas: null });
  });

  it('names each field that is out of range or not a number', () => {
    expect(thresholdProblems('101', '1.5')).toEqual({ pct: 'A percentage from 0 to 100', gas: 'A whole amount of gas from 0 to 10,000,000' });
    expect(thresholdProblems('-1', '10000001').pct).not.toBeNull();
    expect(thresholdProblems('0.125', '').pct).not.toBeNull();
    expect(thresholdProblems('', '20000000')).toEqual({ pct: 'A percentage from 0 to 100', gas: 'A whole amount of gas from 0 to 10,000,000' });
  });
});
