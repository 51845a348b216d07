import { useCallback, useRef } from 'react';
import type { BountiesAnswer } from '@starforge/contracts/bounties';
import { bountiesMessages } from '@starforge/contracts/bounties';
import { authedRequest, seenUrl, useKeptLiveResource, useSeenTransaction } from '@starforge/host';
import type { PagedSearch } from '@starforge/ui';
import { openBountiesUrl } from '../open-bounties-url';

/**
 * GET /api/bounties/bounties/open?q=&page=: a page of open bounties, newest first, with the total.
 * `fresh` asks past the service's cache (`Cache-Control: no-cache`).
 */
const getOpenBounties = (url: string, fresh: boolean): Promise<BountiesAnswer> =>
  authedRequest<BountiesAnswer>(url, { method: 'GET', ...(fresh ? { headers: { 'Cache-Control': 'no-cache' } } : {}) });

const failure = { what: 'the open bounties', announce: bountiesMessages.loadBountiesFailed };

/**
 * The page of open bounties for a search, read again whenever any user posts, claims or closes a
 * bounty (the public `bounties.bounty_changed`), never polled, and asked no older than the newest
 * change heard (`seen`). While another search loads, the last page shown stays (marked stale)
 * instead of blanking. `refetch` is for after this tab's own change (a claim, won or lost): it
 * reads past the service's cache, which the copy answering may not have emptied yet.
 */
export const useOpenBounties = (search: PagedSearch) => {
  const url = openBountiesUrl(search);
  const seen = useSeenTransaction('bounties.bounty_changed');
  const fresh = useRef(false);
  const read = useKeptLiveResource({
    key: url,
    load: () => {
      const pastTheCache = fresh.current;
      fresh.current = false;
      return getOpenBounties(seenUrl(url, seen), pastTheCache);
    },
    events: ['bounties.bounty_changed'],
    failure,
  });
  const { refetch } = read;
  const refetchFresh = useCallback(() => {
    fresh.current = true;
    refetch();
  }, [refetch]);
  return { ...read, refetch: refetchFresh };
};
