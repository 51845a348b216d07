import { Link } from 'react-router-dom';

/** One entry of the pager: a page number, or a gap between two runs of numbers. */
type PagerItem = number | 'gap';

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

/** The last page of `total` items, `pageSize` a page (1 when there are none). */
export const lastPage = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  /** The query string of another page of the same list (`?q=orion&page=2`), so each page has its own URL and Back returns to it. */
  searchOf: (page: number) => string;
}

/** Links to the other pages of a paged list (Previous, the page numbers, Next); nothing when it has one page. */
export function Pager({ page, total, pageSize, searchOf }: PagerProps) {
  const last = lastPage(total, pageSize);
  if (last <= 1 && page <= 1) return null;
  const to = (target: number) => ({ search: searchOf(target) });
  return (
    <nav className="sf-pager" aria-label="Pages">
      {page > 1 ? (
        <Link to={to(Math.min(page - 1, last))} className="sf-btn sf-btn-ghost" rel="prev">
          Previous
        </Link>
      ) : null}
      <ol>
        {pagerItems(Math.min(page, last), last).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span className="sf-pager-current" aria-current="page">
                  <span className="sf-visually-hidden">Page </span>
                  {item}
                </span>
              ) : (
                <Link to={to(item)} className="sf-link">
                  <span className="sf-visually-hidden">Page </span>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < last ? (
        <Link to={to(page + 1)} className="sf-btn sf-btn-ghost" rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
