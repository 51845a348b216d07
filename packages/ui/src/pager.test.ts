import { describe, expect, it } from 'vitest';
import { lastPage, pagerItems } from './pager';

describe('the pager', () => {
  it('offers every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the ends and the current page with its neighbours, with gaps between', () => {
    expect(pagerItems(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
  });

  it('near an end, shows that end’s first pages instead of a gap', () => {
    expect(pagerItems(1, 12)).toEqual([1, 2, 3, 4, 5, 'gap', 12]);
    expect(pagerItems(4, 12)).toEqual([1, 2, 3, 4, 5, 'gap', 12]);
    expect(pagerItems(12, 12)).toEqual([1, 'gap', 8, 9, 10, 11, 12]);
  });

  it('counts the last page from the total, 24 a page', () => {
    expect(lastPage(0, 24)).toBe(1);
    expect(lastPage(24, 24)).toBe(1);
    expect(lastPage(25, 24)).toBe(2);
  });
});
