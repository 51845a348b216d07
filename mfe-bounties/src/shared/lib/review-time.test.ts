import { describe, expect, it } from 'vitest';
import { formatReviewTime } from './review-time';

describe('formatReviewTime', () => {
  it('says under a minute below one', () => {
    expect(formatReviewTime(0)).toBe('under a minute');
    expect(formatReviewTime(59)).toBe('under a minute');
  });

  it('gives the two largest units, leaving out a zero', () => {
    expect(formatReviewTime(12 * 60 + 30)).toBe('12 min');
    expect(formatReviewTime(2 * 3600 + 5 * 60 + 9)).toBe('2 h 5 min');
    expect(formatReviewTime(3600 + 30)).toBe('1 h');
    expect(formatReviewTime(86_400 + 4 * 3600 + 59 * 60)).toBe('1 d 4 h');
    expect(formatReviewTime(3 * 86_400 + 7 * 60)).toBe('3 d');
  });
});
