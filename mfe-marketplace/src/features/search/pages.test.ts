import { describe, expect, it } from 'vitest';
import { lastPage, pagerItems, showingText } from './pages';

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

  it('says which listings are on screen out of the total', () => {
    expect(showingText(1, 24, 24, 57)).toBe('Showing 1–24 of 57 NFTs');
    expect(showingText(3, 24, 9, 57)).toBe('Showing 49–57 of 57 NFTs');
    expect(showingText(1, 24, 1, 1)).toBe('Showing 1–1 of 1 NFT');
    expect(showingText(1, 24, 0, 0)).toBe('');
  });
});
