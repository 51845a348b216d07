import type { MarketplaceSearchAnswer } from '@starforge/contracts/marketplace';
import { nftMessages } from '@starforge/contracts/nft';
import { authedRequest, seenUrl, useKeptLiveResource, useSeenTransaction } from '@starforge/host';
import type { PagedSearch } from '@starforge/ui';
import { listingsUrl } from '../search-params';

/** GET /api/marketplace/listings?q=&page=: a page of listed NFTs, newest first, with the total. */
const getListings = (url: string): Promise<MarketplaceSearchAnswer> => authedRequest<MarketplaceSearchAnswer>(url, { method: 'GET' });

const failure = { what: 'the marketplace', announce: nftMessages.loadNftsFailed };

/**
 * The page of the grid for a search, read again whenever any tab lists, withdraws or sells an NFT
 * (the public `marketplace.listing_changed`): the page on screen is refetched, never polled, and
 * asked no older than the newest change heard (`seen`: the service's page cache may not have
 * heard of it yet). While another search loads, the last page shown stays (marked stale).
 */
export const useListings = (search: PagedSearch) => {
  const url = listingsUrl(search);
  const seen = useSeenTransaction('marketplace.listing_changed');
  return useKeptLiveResource({ key: url, load: () => getListings(seenUrl(url, seen)), events: ['marketplace.listing_changed'], failure });
};
