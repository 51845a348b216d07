/** A paged search as the URL holds it (`?q=orion&page=2`), so Back and a shared link show the same page. */
export interface PagedSearch {
  q: string;
  page: number;
}

/** Reads ?page= leniently: a page that is no whole number from 1 is page 1 (a list with filters of its own reads them beside it). */
export const readPage = (params: URLSearchParams): number => {
  const raw = params.get('page') ?? '';
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
};

/**
 * Reads ?q=&page= leniently: q trimmed and cut to the `maxLength` the server takes, a page that is
 * no whole number from 1 is page 1.
 */
export const readSearch = (params: URLSearchParams, maxLength: number): PagedSearch => {
  const q = (params.get('q') ?? '').trim().slice(0, maxLength);
  return { q, page: readPage(params) };
};

/** The query string of a search: empty parts left out, so a bare path is the first page of everything. */
export const searchParamsOf = ({ q, page }: PagedSearch): URLSearchParams => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
};
