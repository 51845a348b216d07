/** One entry of the pager: a page number, or a gap between two runs of numbers. */
export type PagerItem = number | 'gap';

/**
 * The page numbers the pager offers: the first and last, and the current one with one either
 * side; a gap stands for what is left out (1 … 4 5 6 … 12). Every page when there are few.
 */
export const pagerItems = (current: number, last: number): PagerItem[] => {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  const shown = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  // Near either end, show the end's first pages rather than a gap hiding one page.
  if (current <= 4) for (let p = 2; p <= 5; p++) shown.add(p);
  if (current >= last - 3) for (let p = last - 4; p < last; p++) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  for (const [i, page] of pages.entries()) {
    const before = pages[i - 1];
    if (before !== undefined && page - before > 1) items.push('gap');
    items.push(page);
  }
  return items;
};

/** The last page of `total` listings, `pageSize` a page (1 when there are none). */
export const lastPage = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** 'Showing 25–48 of 57 NFTs' for the page on screen; '' when there is nothing to show. */
export const showingText = (page: number, pageSize: number, shown: number, total: number): string => {
  if (shown === 0) return '';
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}–${first + shown - 1} of ${total} ${total === 1 ? 'NFT' : 'NFTs'}`;
};
