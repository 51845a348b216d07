import type { Listing } from '@starforge/contracts/marketplace';
import type { ListingStatus } from '@starforge/contracts/shared';
import { authedRequest, useLiveResource, useServerEvent } from '@starforge/host';

/** Where the marketplace keeps an NFT's listing: read, list (POST) and withdraw (DELETE). */
export const listingPath = (nftId: string): string => `/api/marketplace/nfts/${encodeURIComponent(nftId)}/listing`;

/** GET /api/marketplace/nfts/:id/listing: the NFT's active listing, or null when it is not for sale. */
const getListing = async (nftId: string): Promise<Listing | null> =>
  (await authedRequest<{ listing: Listing | null }>(listingPath(nftId), { method: 'GET' })).listing;

/**
 * Calls `onChange` with the new status when any tab lists, withdraws or sells this NFT: the
 * public `marketplace.listing_changed` event, the one the page's reads of this NFT follow.
 */
export const useListingChanged = (nftId: string, onChange: (status: ListingStatus) => void) => {
  useServerEvent('marketplace.listing_changed', ({ data }) => {
    if (data.nftId === nftId) onChange(data.status);
  });
};

/** The NFT's listing (the marketplace owns listings; this page composes its read), read again on every change of it. */
export const useListing = (nftId: string) => {
  const { status, data, refetch } = useLiveResource({ key: listingPath(nftId), load: () => getListing(nftId), events: [], failure: { what: 'the listing' } });
  useListingChanged(nftId, refetch);
  return { listing: data ?? null, loading: status === 'loading', failed: status === 'error' && data === undefined, refetch };
};
