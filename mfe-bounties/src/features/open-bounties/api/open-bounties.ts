import type { BountiesAnswer } from '@starforge/contracts/bounties';
import { bountiesMessages } from '@starforge/contracts/bounties';
import { authedRequest, seenUrl, useKeptLiveResource, useSeenTransaction } from '@starforge/host';
import type { PagedSearch } from '@starforge/ui';
import { openBountiesUrl } from '../open-bounties-url';

/** GET /api/bounties/bounties/open?q=&page=: a page of open bounties, newest first, with the total. */
const getOpenBounties = (url: string): Promise<BountiesAnswer> => authedRequest<BountiesAnswer>(url, { method: 'GET' });

const failure = { what: 'the open bounties', announce: bountiesMessages.loadBountiesFailed };

/**
 * The page of open bounties for a search, read again whenever any user posts, claims or closes a
 * bounty (the public `bounties.bounty_changed`), never polled, and asked no older than the newest
 * change heard (`seen`). While another search loads, the last page shown stays (marked stale)
 * instead of blanking.
 */
export const useOpenBounties = (search: PagedSearch) => {
  const url = openBountiesUrl(search);
  const seen = useSeenTransaction('bounties.bounty_changed');
  return useKeptLiveResource({ key: url, load: () => getOpenBounties(seenUrl(url, seen)), events: ['bounties.bounty_changed'], failure });
};
