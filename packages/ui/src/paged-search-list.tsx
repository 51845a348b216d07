import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadFailed } from './load-failed';
import { Pager } from './pager';
import { SearchBox } from './search-box';
import { type PagedSearch, readSearch, searchParamsOf } from './search-params';
import { Spinner } from './spinner';

/** The search in the URL (?q=&page=) and a new search, which starts at its first page. */
export const usePagedSearch = (maxLength: number) => {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params, maxLength);
  const onSearch = useCallback((q: string) => setParams(searchParamsOf({ q, page: 1 })), [setParams]);
  return { search, onSearch };
};

/** A page of a list as its service answers it. */
interface PageAnswer {
  total: number;
  page_size: number;
}

/** The page's read, as `useKeptLiveResource` answers it. */
interface PageRead {
  answer: PageAnswer | undefined;
  stale: boolean;
  loading: boolean;
  failed: boolean;
  refetch: () => void;
}

export interface PagedSearchListProps<T> {
  search: PagedSearch;
  onSearch: (q: string) => void;
  /** The search box's accessible name, placeholder and the longest search the server takes. */
  box: { label: string; placeholder: string; maxLength: number };
  read: PageRead;
  items: readonly T[];
  /** One `<li>` of the list, keyed. */
  renderItem: (item: T) => ReactNode;
  /** The list's accessible name and classes. */
  list: { label: string; className: string };
  loadingLabel: string;
  /** The failure's words and the id of its heading. */
  failed: { title: string; titleId: string };
  /** The empty page: its heading, its id, its test id, and what it says when the search finds nothing at all. */
  empty: { title: string; titleId: string; testId: string; none: ReactNode };
  /** The class of the failure and empty cards (the screen's spacing). */
  emptyClassName: string;
  /** Shown between the search box and the list (a 'Showing …' line). */
  above?: ReactNode;
  /** Shown after the list and its pager. */
  below?: ReactNode;
}

/**
 * A list searched and paged by its service (the marketplace, the open bounties): the search box,
 * then the page as it stands (loading, failed with 'Try again', empty, or the list with its
 * pager). A page past the end says so and keeps the pager; the last page stays, `aria-busy`,
 * while the next loads.
 */
export function PagedSearchList<T>({
  search,
  onSearch,
  box,
  read,
  items,
  renderItem,
  list,
  loadingLabel,
  failed,
  empty,
  emptyClassName,
  above,
  below,
}: PagedSearchListProps<T>) {
  const { answer, stale, loading, refetch } = read;
  const searchOf = (page: number) => `?${searchParamsOf({ q: search.q, page })}`;
  const pager = answer ? <Pager page={search.page} total={answer.total} pageSize={answer.page_size} searchOf={searchOf} /> : null;
  return (
    <>
      <SearchBox query={search.q} onSearch={onSearch} label={box.label} placeholder={box.placeholder} maxLength={box.maxLength} />
      {above}
      {loading ? (
        <Spinner label={loadingLabel} />
      ) : read.failed ? (
        <LoadFailed title={failed.title} onRetry={refetch} titleId={failed.titleId} className={emptyClassName} />
      ) : answer && items.length === 0 && !stale ? (
        <section className={`sf-card ${emptyClassName}`} aria-labelledby={empty.titleId} data-testid={empty.testId}>
          <h2 id={empty.titleId}>{empty.title}</h2>
          {answer.total > 0 ? (
            <>
              <p className="sf-muted">There is no page {search.page} of this search.</p>
              {pager}
            </>
          ) : (
            empty.none
          )}
        </section>
      ) : (
        <>
          <ul className={list.className} aria-label={list.label} aria-busy={stale || undefined}>
            {items.map(renderItem)}
          </ul>
          {pager}
        </>
      )}
      {below}
    </>
  );
}
