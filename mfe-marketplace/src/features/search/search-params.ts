import type { PagedSearch } from '@starforge/ui';

/** The API's URL for a search (always both parameters, so one search has one key). */
export const listingsUrl = ({ q, page }: PagedSearch): string => `/api/marketplace/listings?${new URLSearchParams({ q, page: String(page) })}`;
