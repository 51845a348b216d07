import { describe, expect, it } from 'vitest';
import { reviewTimeText, showingOpenBounties } from './constants';

describe('bounties words', () => {
  it('says how long a review took in its two largest units', () => {
    expect(reviewTimeText(0)).toBe('under 1 min');
    expect(reviewTimeText(59)).toBe('under 1 min');
    expect(reviewTimeText(60)).toBe('1 min');
    expect(reviewTimeText(59 * 60 + 59)).toBe('59 min');
    expect(reviewTimeText(3600)).toBe('1 h');
    expect(reviewTimeText(2 * 3600 + 5 * 60 + 30)).toBe('2 h 5 min');
    expect(reviewTimeText(24 * 3600)).toBe('1 d');
    expect(reviewTimeText(3 * 86_400 + 4 * 3600 + 59 * 60)).toBe('3 d 4 h');
  });

  it('counts the open bounties the server found', () => {
    expect(showingOpenBounties(0)).toBe('Showing 0 open bounties');
    expect(showingOpenBounties(1)).toBe('Showing 1 open bounty');
    expect(showingOpenBounties(57)).toBe('Showing 57 open bounties');
  });
});
