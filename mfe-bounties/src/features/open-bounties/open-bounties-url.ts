import type { PagedSearch } from '@starforge/ui';

/** GET /api/bounties/bounties/open for a search (always both parameters, so one search has one key). */
export const openBountiesUrl = ({ q, page }: PagedSearch): string => `/api/bounties/bounties/open?${new URLSearchParams({ q, page: String(page) })}`;
