import { describe, expect, it } from 'vitest';
import { tooManyAttempts, waitWords } from './errors';

describe('a refused sign-in says how long to wait', () => {
  it('in a minute for the minute window, in minutes or hours for the slower ceilings', () => {
    expect(waitWords(1)).toBe('a minute');
    expect(waitWords(60)).toBe('a minute');
    expect(waitWords(61)).toBe('2 minutes');
    expect(waitWords(3_600)).toBe('60 minutes');
    expect(waitWords(4_800)).toBe('80 minutes');
    expect(waitWords(7_140)).toBe('119 minutes');
    expect(waitWords(7_200)).toBe('2 hours');
    expect(waitWords(86_400)).toBe('24 hours');
  });

  it('with the same wait in its Retry-After', () => {
    const refusal = tooManyAttempts(4_800);
    expect(refusal.message).toBe('Too many attempts. Please wait 80 minutes and try again.');
    expect(refusal.status).toBe(429);
    expect(refusal.headers['Retry-After']).toBe('4800');
  });
});
