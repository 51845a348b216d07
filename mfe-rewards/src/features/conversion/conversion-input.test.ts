import { describe, expect, it } from 'vitest';
import { conversionInput, previewCents } from './conversion-input';

describe('conversionInput', () => {
  it('accepts whole points from 1000 up, in steps of 10, within the balance', () => {
    expect(conversionInput('1000', 5000)).toEqual({ ok: true, points: 1000 });
    expect(conversionInput(' 2500 ', 2500)).toEqual({ ok: true, points: 2500 });
  });

  it('says the minimum for anything under 1000 or not a whole number', () => {
    for (const text of ['', '999', '0', '-1000', '1000.5', 'abc']) {
      expect(conversionInput(text, 10_000)).toEqual({ ok: false, message: 'Minimum conversion is 1000 points' });
    }
  });

  it('refuses points that would not make whole cents, and more than the balance', () => {
    expect(conversionInput('1005', 10_000)).toMatchObject({ ok: false, message: expect.stringContaining('steps of 10') });
    expect(conversionInput('2000', 1999)).toEqual({ ok: false, message: 'Not enough points to convert' });
  });
});

describe('previewCents', () => {
  it('is points / 1000 dollars', () => {
    expect(previewCents('1000')).toBe(100);
    expect(previewCents('12345')).toBe(1234);
    expect(previewCents('')).toBe(0);
    expect(previewCents('abc')).toBe(0);
  });
});
