import { Link } from 'react-router-dom';
import { searchParamsOf } from '../search-params';
import { lastPage, pagerItems } from '../pages';

/** Links to the other pages of a search (Previous, the page numbers, Next); each page has its own URL, so Back returns to it. */
export function Pager({ q, page, total, pageSize }: { q: string; page: number; total: number; pageSize: number }) {
  const last = lastPage(total, pageSize);
  if (last <= 1 && page <= 1) return null;
  const to = (target: number) => ({ search: `?${searchParamsOf({ q, page: target })}` });
  return (
    <nav className="market-pager" aria-label="Pages">
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
                <span className="market-pager-current" aria-current="page">
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
