import type { BountiesAnswer } from '@starforge/contracts/bounties';
import { bountiesMessages } from '@starforge/contracts/bounties';
import { authedRequest, type LiveRead, liveReadInit, seenUrl, useKeptLiveResource, useSeenTransaction } from '@starforge/host';
import type { PagedSearch } from '@starforge/ui';
import { openBountiesUrl } from '../open-bounties-url';

/** GET /api/bounties/bounties/open?q=&page=: a page of open bounties, newest first, with the total. */
const getOpenBounties = (url: string, read: LiveRead): Promise<BountiesAnswer> => authedRequest<BountiesAnswer>(url, liveReadInit(read));

const failure = { what: 'the open bounties', announce: bountiesMessages.loadBountiesFailed };

/**
 * The page of open bounties for a search, read again whenever any user posts, claims or closes a
 * bounty (the public `bounties.bounty_changed`), never polled, and asked no older than the newest
 * change heard (`seen`). While another search loads, the last page shown stays (marked stale)
 * instead of blanking. After this tab's own claim (won or lost), `refetch` reads past the
 * service's cache, which the copy answering may not have emptied yet.
 */
export const useOpenBounties = (search: PagedSearch) => {
  const url = openBountiesUrl(search);
  const seen = useSeenTransaction('bounties.bounty_changed');
  return useKeptLiveResource({ key: url, load: (read) => getOpenBounties(seenUrl(url, seen), read), events: ['bounties.bounty_changed'], failure });
};
