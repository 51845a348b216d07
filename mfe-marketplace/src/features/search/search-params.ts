import { MARKETPLACE_SEARCH_MAX_LENGTH } from '@starforge/contracts/marketplace-constants';

/** The grid's search as the URL holds it (`/marketplace?q=orion&page=2`), so Back and a shared link show the same page. */
export interface MarketplaceSearch {
  q: string;
  page: number;
}

/** Reads ?q=&page= leniently: q trimmed and cut to what the server takes, a page that is no whole number from 1 is page 1. */
export const readSearch = (params: URLSearchParams): MarketplaceSearch => {
  const q = (params.get('q') ?? '').trim().slice(0, MARKETPLACE_SEARCH_MAX_LENGTH);
  const raw = params.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  return { q, page };
};

/** The query string of a search: empty parts left out, so /marketplace is the first page of everything. */
export const searchParamsOf = ({ q, page }: MarketplaceSearch): URLSearchParams => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
};

/** The API's URL for a search (always both parameters, so one search has one key). */
export const listingsUrl = ({ q, page }: MarketplaceSearch): string => `/api/marketplace/listings?${new URLSearchParams({ q, page: String(page) })}`;
